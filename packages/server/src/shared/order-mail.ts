// The e-mail about an order (placed now; ready, cancelled by the shop, expiring once the order
// lifecycle sends them): plain text and a simple HTML part with the shop's name, the order's
// lines and total, the claim code and the pickup information. Every text a user or the admin
// typed (titles, usernames, the shop's settings, a reason) is escaped in the HTML part.
import type { Mail } from '../mail/mailer.js';
import { formatRupees } from './money.js';
import type { ShopInfo } from './shop.js';

export interface OrderMailLine {
  title: string;
  quantity: number;
  /** What the line was charged, in paisa. */
  totalPaisa: number;
}

export interface OrderMailContent {
  to: string;
  username: string;
  orderId: string;
  subject: string;
  /** The opening paragraph: what happened to the order. */
  intro: string;
  lines: readonly OrderMailLine[];
  totalPaisa: number;
  /** Shown while the order can still be collected; null once it cannot (cancelled, expired). */
  claimCode: string | null;
  /** An extra paragraph (a discount applied, the shop's reason for a cancellation). */
  note?: string | undefined;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to put inside an HTML element or a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

export function orderMail(content: OrderMailContent, shop: ShopInfo): Mail {
  const { username, orderId, intro, lines, totalPaisa, claimCode, note } = content;
  const pickup = [
    `Pick up at ${shop.name}, ${shop.address}.`,
    `Opening hours: ${shop.openingHours.join('; ')}.`,
    `A ready order is kept for ${shop.pickupHoldDays} days. Questions: ${shop.phone}, ${shop.email}.`,
  ];
  const text = [
    `Hello ${username},`,
    '',
    intro,
    '',
    `Order ${orderId}:`,
    ...lines.map((line) => `  ${line.quantity} x ${line.title}: ${formatRupees(line.totalPaisa)}`),
    `Total: ${formatRupees(totalPaisa)}`,
    ...(note ? ['', note] : []),
    ...(claimCode ? ['', `Your claim code is ${claimCode}. Show it at the counter to collect your books.`] : []),
    '',
    ...pickup,
    '',
    shop.name,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#222">',
    `<h1 style="font-size:20px">${e(shop.name)}</h1>`,
    `<p>Hello ${e(username)},</p>`,
    `<p>${e(intro)}</p>`,
    `<table style="border-collapse:collapse"><caption style="text-align:left">Order ${e(orderId)}</caption>`,
    ...lines.map((line) => `<tr><td style="padding:2px 8px 2px 0">${line.quantity} x ${e(line.title)}</td><td style="text-align:right">${e(formatRupees(line.totalPaisa))}</td></tr>`),
    `<tr><th style="text-align:left;padding-top:6px">Total</th><th style="text-align:right;padding-top:6px">${e(formatRupees(totalPaisa))}</th></tr>`,
    '</table>',
    ...(note ? [`<p>${e(note)}</p>`] : []),
    ...(claimCode ? [`<p>Your claim code is <strong style="font-size:18px;letter-spacing:2px">${e(claimCode)}</strong>. Show it at the counter to collect your books.</p>`] : []),
    `<p>${pickup.map(e).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: content.to, subject: content.subject, text, html };
}
