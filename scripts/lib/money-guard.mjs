// What a customer pays is decided once, by the server (issue 28): the SDK and the web app show
// its figures and never work a price, a discount or a sale window out again. These ESLint
// `no-restricted-syntax` entries keep it so in packages/sdk/src and packages/web/src.
//
// - A book's legacy price fields (price, discount, isOnSale, startTime, endTime) may be read and
//   shown (the admin forms prefill their inputs with them) but never enter arithmetic or a
//   comparison (other than with null or undefined): that is the sale-price and sale-window rule,
//   the server's.
// - The server's money figures may be compared (a zero row is hidden) but never enter
//   arithmetic: a client sum or difference is a second price rule.
// Banner schedules also have startTime and endTime: the banner modules are exempt by file.

const LEGACY_FIELDS = ['price', 'discount', 'isOnSale', 'startTime', 'endTime'];
const SERVER_MONEY = [
  'listPrice', 'unitPrice', 'dealPercent', 'lineTotal', 'addedUnitPrice',
  'listSubtotal', 'dealSavings', 'subtotal', 'discountTotal', 'total', 'amount',
  'totalAmount', 'originalTotal', 'finalTotal', 'discountRate', 'pricePerUnit', 'totalPrice',
];

const names = (list) => `/^(${list.join('|')})$/`;
const ARITHMETIC = '/^([-+*\\/%]|\\*\\*)$/';
const COMPARISON = '/^(<|>|<=|>=|==|!=|===|!==)$/';
// An operand that reads one of the fields: `book.price`, or a call on it, `timestampMs(book.startTime)`.
const operand = (list) => [
  `> MemberExpression[property.name=${names(list)}]`,
  `> CallExpression[arguments.0.property.name=${names(list)}]`,
];
// A comparison with null or undefined only asks whether the field is there (form prefill).
const notNullish = ":not(:has(> Literal[raw='null'])):not(:has(> Identifier[name='undefined']))";

const legacyMessage =
  "Sale-price and sale-window rules are the server's: show book.pricing (unitPrice, listPrice, dealRunning, dealEndsAt) instead of working them out from price, discount, isOnSale, startTime or endTime.";
const moneyMessage =
  "Money is the server's figure: show it as sent (cart totals, line totals, order totals) instead of computing with it.";

const entries = (parents, list, message) =>
  parents.flatMap((parent) => operand(list).map((child) => ({ selector: `${parent} ${child}`, message })));

/** `no-restricted-syntax` entries (selector + message) for the price-rule guard. */
export const moneyGuard = [
  ...entries(
    [
      `BinaryExpression[operator=${ARITHMETIC}]`,
      `BinaryExpression[operator=${COMPARISON}]${notNullish}`,
      "AssignmentExpression[operator!='=']",
      'UnaryExpression[operator=/^[-+]$/]',
      "CallExpression[callee.object.name='Math']",
    ],
    LEGACY_FIELDS,
    legacyMessage,
  ),
  ...entries(
    [
      `BinaryExpression[operator=${ARITHMETIC}]`,
      "AssignmentExpression[operator!='=']",
      'UnaryExpression[operator=/^[-+]$/]',
      "CallExpression[callee.object.name='Math']",
    ],
    SERVER_MONEY,
    moneyMessage,
  ),
];

/** Files whose startTime / endTime are a banner's schedule, not a sale window. */
export const moneyGuardExempt = ['**/domain/banners.ts', '**/back-office/banners/**'];
