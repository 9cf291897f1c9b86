// Every operation of the contract, by operationId, from the module of its tag (one folder per
// tag of openapi/openapi.yaml). `satisfies HandlerMap` makes a missing or mistyped handler a
// compile error.
import type { components } from '@pustak/sdk/schema';
import type { HandlerMap } from '../shared/handler.js';
import * as activity from './activity/index.js';
import * as announcements from './announcements/index.js';
import * as auth from './auth/index.js';
import * as books from './books/index.js';
import * as catalogAdmin from './catalog-admin/index.js';
import * as cart from './cart/index.js';
import * as dashboard from './dashboard/index.js';
import * as notifications from './notifications/index.js';
import * as orders from './orders/index.js';
import * as reports from './reports/index.js';
import * as reviews from './reviews/index.js';
import * as staff from './staff/index.js';
import * as users from './users/index.js';
import * as wishlist from './wishlist/index.js';

/** What the handlers take from the contract at start. */
export interface ContractLists {
  /** The Genre enum, in the contract's order. */
  genres: readonly components['schemas']['Genre'][];
}

export function createHandlers({ genres }: ContractLists) {
  return {
    // auth
    registerUser: auth.handlers.registerUser,
    loginUser: auth.handlers.loginUser,
    verifyEmail: auth.handlers.verifyEmailCode,
    resendVerificationCode: auth.handlers.resendVerificationCode,
    requestPasswordReset: auth.handlers.requestPasswordReset,
    resetPassword: auth.handlers.resetPassword,
    changePassword: auth.handlers.changePassword,
    // users
    getUserById: users.handlers.getUserById,
    updateUserRole: users.handlers.updateUserRole,
    listUsers: users.handlers.listCustomers,
    listStaff: users.handlers.listStaff,
    // books
    listBooks: books.handlers.listBooks,
    listBestSellers: books.handlers.listBestSellers,
    listGenreCounts: books.handlers.genreCountsHandler(genres),
    listBooksByAuthor: books.handlers.listBooksByAuthor,
    // catalog-admin
    listAllBooks: catalogAdmin.handlers.listAllBooks,
    getBookById: catalogAdmin.handlers.getBookById,
    getBookForHeader: catalogAdmin.handlers.getBookForHeader,
    getBookTitle: catalogAdmin.handlers.getBookTitle,
    createBook: catalogAdmin.handlers.createBook,
    updateBook: catalogAdmin.handlers.updateBook,
    setDiscountOffer: catalogAdmin.handlers.setDiscountOffer,
    deleteBook: catalogAdmin.handlers.deleteBook,
    // wishlist
    getWishlist: wishlist.handlers.getWishlist,
    checkWishlist: wishlist.handlers.checkWishlist,
    addToWishlist: wishlist.handlers.addToWishlist,
    removeFromWishlist: wishlist.handlers.removeFromWishlist,
    removeFromWishlistByPut: wishlist.handlers.removeFromWishlistByPut,
    // cart
    addCartItem: cart.handlers.addCartItem,
    listCartItems: cart.handlers.listCartItems,
    updateCartItem: cart.handlers.updateCartItem,
    removeCartItem: cart.handlers.removeCartItem,
    // orders
    placeOrder: orders.handlers.placeOrder,
    listMyOrders: orders.handlers.listMyOrders,
    cancelOrder: orders.handlers.cancelOrder,
    resendOrderConfirmation: orders.handlers.resendOrderConfirmation,
    listAllOrders: orders.handlers.listAllOrders,
    getOrderReceipt: orders.handlers.getOrderReceipt,
    searchOrders: orders.handlers.searchOrders,
    getShopInfo: orders.handlers.getShopInfo,
    // staff
    verifyOrder: staff.handlers.verifyOrder,
    markOrderReady: staff.handlers.markOrderReady,
    cancelOrderByShop: staff.handlers.cancelOrderByShop,
    // reviews
    listReviews: reviews.handlers.listReviews,
    addReview: reviews.handlers.addReview,
    hideReview: reviews.handlers.hideReview,
    // notifications and the hub
    listNotifications: notifications.handlers.listNotifications,
    negotiateNotificationHub: notifications.handlers.negotiateNotificationHub,
    // announcements
    getActiveAnnouncement: announcements.handlers.getActiveAnnouncement,
    listAnnouncements: announcements.handlers.listAnnouncements,
    createAnnouncement: announcements.handlers.createAnnouncement,
    updateAnnouncement: announcements.handlers.updateAnnouncement,
    deleteAnnouncement: announcements.handlers.deleteAnnouncement,
    // dashboard
    getDashboard: dashboard.handlers.getDashboard,
    // activity
    listActivity: activity.handlers.listActivity,
    // reports
    getSalesReport: reports.handlers.getSalesReport,
    exportReportCsv: reports.handlers.exportReportCsv,
  } satisfies HandlerMap;
}
