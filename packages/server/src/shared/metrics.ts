// The server's metrics in the Prometheus text format (GET /metrics, plugins/metrics.ts): a small
// registry of counters, histograms and gauges read when scraped. Label values are route
// templates, methods, statuses and fixed names, never the text of a request.

type Labels = Record<string, string>;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const entries = Object.entries(labels);
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
};
/** One series' key, whatever the order of its labels: twice per request, so no JSON and no localeCompare. */
const keyOf = (labels: Labels) => {
  const names = Object.keys(labels);
  if (names.length > 1) names.sort();
  let key = '';
  for (const name of names) key += `${name}\u0000${labels[name]}\u0001`;
  return key;
};
const number = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

export interface Counter {
  inc(labels?: Labels, by?: number): void;
}
export interface Histogram {
  observe(labels: Labels, value: number): void;
}
export interface Sample {
  labels?: Labels;
  value: number;
}

export interface Metrics {
  counter(name: string, help: string): Counter;
  histogram(name: string, help: string, buckets: readonly number[]): Histogram;
  /** A value read when scraped (a pool's size, an outbox's count): `collect` answers its samples. */
  gauge(name: string, help: string, collect: () => Sample[] | Promise<Sample[]>): void;
  /** Every metric in the text exposition format 0.0.4. */
  render(): Promise<string>;
}

export function createMetrics(): Metrics {
  const renderers: Array<() => Promise<string[]>> = [];
  return {
    counter(name, help) {
      const values = new Map<string, { labels: Labels; value: number }>();
      renderers.push(async () => [
        `# HELP ${name} ${help}`,
        `# TYPE ${name} counter`,
        ...[...values.values()].map(({ labels, value }) => `${name}${labelText(labels)} ${number(value)}`),
      ]);
      return {
        inc(labels = {}, by = 1) {
          const key = keyOf(labels);
          const entry = values.get(key);
          if (entry) entry.value += by;
          else values.set(key, { labels, value: by });
        },
      };
    },
    histogram(name, help, buckets) {
      const series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
      renderers.push(async () => [
        `# HELP ${name} ${help}`,
        `# TYPE ${name} histogram`,
        ...[...series.values()].flatMap(({ labels, counts, sum, count }) => [
          ...buckets.map((le, i) => `${name}_bucket${labelText({ ...labels, le: number(le) })} ${counts[i]}`),
          `${name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`,
          `${name}_sum${labelText(labels)} ${number(sum)}`,
          `${name}_count${labelText(labels)} ${count}`,
        ]),
      ]);
      return {
        observe(labels, value) {
          const key = keyOf(labels);
          let entry = series.get(key);
          if (!entry) series.set(key, (entry = { labels, counts: buckets.map(() => 0), sum: 0, count: 0 }));
          buckets.forEach((le, i) => {
            if (value <= le) entry.counts[i]! += 1;
          });
          entry.sum += value;
          entry.count += 1;
        },
      };
    },
    gauge(name, help, collect) {
      renderers.push(async () => {
        const samples = await collect();
        return [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, ...samples.map(({ labels = {}, value }) => `${name}${labelText(labels)} ${number(value)}`)];
      });
    },
    async render() {
      const parts = await Promise.all(renderers.map((render) => render()));
      return `${parts.flat().join('\n')}\n`;
    },
  };
}
