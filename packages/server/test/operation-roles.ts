// Who may call what: the roles of every operation that needs a token, written by hand from the
// spec (section 6) and legacy-backend.md, never read from the contract. The contract's x-roles
// must equal it (tests/contract/backend-rules.test.ts) and the server must let in exactly these
// roles (packages/server/test/authorization.test.ts), so a role dropped from or added to x-roles fails
// both instead of changing the tests along with the bug. Not a test file.

export type Role = 'User' | 'Staff' | 'Admin';

export const OPERATION_ROLES: Readonly<Record<string, readonly Role[]>> = {
  changePassword: ['User', 'Staff', 'Admin'],
  getUserById: ['User', 'Staff', 'Admin'],
  updateUserRole: ['Admin'],
  listUsers: ['Admin'],
  listStaff: ['Admin'],
  createBook: ['Admin'],
  updateBook: ['Admin'],
  setDiscountOffer: ['Admin'],
  deleteBook: ['Admin'],
  getWishlist: ['User'],
  checkWishlist: ['User'],
  addToWishlist: ['User'],
  removeFromWishlist: ['User'],
  removeFromWishlistByPut: ['User'],
  addCartItem: ['User'],
  listCartItems: ['User'],
  updateCartItem: ['User'],
  removeCartItem: ['User'],
  placeOrder: ['User'],
  listMyOrders: ['User'],
  cancelOrder: ['User'],
  resendOrderConfirmation: ['User'],
  listAllOrders: ['Admin', 'Staff'],
  getOrderReceipt: ['User', 'Staff', 'Admin'],
  searchOrders: ['Admin', 'Staff'],
  verifyOrder: ['Admin', 'Staff'],
  markOrderReady: ['Admin', 'Staff'],
  cancelOrderByShop: ['Admin', 'Staff'],
  addReview: ['User'],
  hideReview: ['Admin'],
  listAnnouncements: ['Admin'],
  createAnnouncement: ['Admin'],
  updateAnnouncement: ['Admin'],
  deleteAnnouncement: ['Admin'],
  getDashboard: ['Admin', 'Staff'],
  listActivity: ['Admin'],
  getSalesReport: ['Admin'],
  exportReportCsv: ['Admin'],
};
