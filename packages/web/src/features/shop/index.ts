// Public surface of the shop feature: the shop's pickup information (GET /shop/info), shown by
// the order confirmation and the contact page.
export { shopInfoKey, useShopInfo } from './api/use-shop-info';
export { PickupInfo } from './components/pickup-info';
