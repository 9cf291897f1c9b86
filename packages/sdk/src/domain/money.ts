/**
 * Rounds an amount to 2 decimals for display, half away from zero, without binary drift (1.005
 * -> 1.01). Not exported: the server sends money already rounded; this only keeps a shown
 * figure from drifting, it prices nothing.
 */
function roundMoney(amount: number): number {
  if (!Number.isFinite(amount)) return Number.NaN;
  const cents = Math.round(Number.parseFloat((Math.abs(amount) * 100).toPrecision(15)));
  return (Math.sign(amount) * cents) / 100 || 0;
}

// Indian/Nepali grouping (12,34,567): last three digits, then pairs. Done by hand because
// Intl 'en-IN' output depends on the ICU data the runtime ships.
function groupSouthAsian(integer: string): string {
  if (integer.length <= 3) return integer;
  const head = integer.slice(0, -3);
  const tail = integer.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${tail}`;
}

function groupWestern(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Options of formatRupees: currency prefix, digit grouping and whether a space follows the prefix. */
export type RupeeFormatOptions = {
  prefix?: 'Rs.' | 'NRS.';
  grouping?: 'south-asian' | 'western';
  space?: boolean;
};

/**
 * Formats money as 'Rs. 1,25,000.00' (two decimals, South-Asian grouping by default);
 * negatives read '-Rs. 5.00'; a missing or non-finite amount reads 'Rs. --'.
 */
export function formatRupees(
  amount: number | null | undefined,
  options: RupeeFormatOptions = {},
): string {
  const { prefix = 'Rs.', grouping = 'south-asian', space = true } = options;
  const lead = space ? `${prefix} ` : prefix;
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return `${lead}--`;
  const rounded = roundMoney(amount);
  const [integer = '0', fraction = '00'] = Math.abs(rounded).toFixed(2).split('.');
  const grouped = grouping === 'western' ? groupWestern(integer) : groupSouthAsian(integer);
  return `${rounded < 0 ? '-' : ''}${lead}${grouped}.${fraction}`;
}

/** Dashboard Total Revenue: 'Rs.' glued to the amount, two decimals, South-Asian grouping ('Rs.12,345.50'). */
export function formatRevenue(amount: number | null | undefined): string {
  return formatRupees(amount, { space: false });
}

/** Shows a discount rate sent as a fraction as a percent: 0.05 -> '5%', 0.125 -> '12.5%'; missing -> '0%'. */
export function formatPercentFromFraction(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '0%';
  return `${roundMoney(fraction * 100)}%`;
}
