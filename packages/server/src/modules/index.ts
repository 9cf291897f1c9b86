// Every operation of the contract, by operationId. `satisfies HandlerMap` makes a missing or
// mistyped handler a compile error.
import type { BannerPalette } from '../domain/banner-colors.js';
import * as accounts from './accounts.js';
import * as catalogue from './catalogue.js';
import * as community from './community.js';
import * as shopping from './shopping.js';
import type { Handler, HandlerMap } from './types.js';

/**
 * The hub's negotiate, answered through Fastify like every other operation: its security
 * headers and CORS (a SignalR client on another origin sends it with credentials). It hands out
 * a connection token: never kept by a cache.
 */
const negotiateNotificationHub: Handler<'negotiateNotificationHub'> = async ({ request, reply, services }) => {
  reply.header('Cache-Control', 'no-store');
  return services.hub.negotiate(new URL(request.url, 'http://server')) as never;
};

export function createHandlers(palette: BannerPalette) {
  return {
    // auth
    registerUser: accounts.registerUser,
    loginUser: accounts.loginUser,
    verifyEmail: accounts.verifyEmailCode,
    // users
    getUserById: accounts.getUserById,
    updateUserRole: accounts.updateUserRole,
    listUsers: accounts.listCustomers,
    listStaff: accounts.listStaff,
    // books
    listBooks: catalogue.listBooks,
    listBestSellers: catalogue.listBestSellers,
    listBooksByAuthor: catalogue.listBooksByAuthor,
    // catalog-admin
    listAllBooks: catalogue.listAllBooks,
    getBookById: catalogue.getBookById,
    getBookForHeader: catalogue.getBookForHeader,
    getBookTitle: catalogue.getBookTitle,
    createBook: catalogue.createBook,
    updateBook: catalogue.updateBook,
    setDiscountOffer: catalogue.setDiscountOffer,
    deleteBook: catalogue.deleteBook,
    // wishlist
    getWishlist: shopping.getWishlist,
    checkWishlist: shopping.checkWishlist,
    addToWishlist: shopping.addToWishlist,
    removeFromWishlist: shopping.removeFromWishlist,
    removeFromWishlistByPut: shopping.removeFromWishlistByPut,
    // cart
    addCartItem: shopping.addCartItem,
    listCartItems: shopping.listCartItems,
    updateCartItem: shopping.updateCartItem,
    removeCartItem: shopping.removeCartItem,
    // orders and staff
    placeOrder: shopping.placeOrder,
    listMyOrders: shopping.listMyOrders,
    cancelOrder: shopping.cancelOrder,
    listAllOrders: shopping.listAllOrders,
    verifyOrder: shopping.verifyOrder,
    // reviews
    listReviews: community.listReviews,
    addReview: community.addReview,
    // notifications and the hub
    listNotifications: community.listNotifications,
    negotiateNotificationHub,
    // announcements
    getActiveAnnouncement: community.getActiveAnnouncement,
    listAnnouncements: community.listAnnouncements,
    ...community.announcementHandlers(palette),
    deleteAnnouncement: community.deleteAnnouncement,
    // dashboard
    getDashboard: community.getDashboard,
  } satisfies HandlerMap;
}
