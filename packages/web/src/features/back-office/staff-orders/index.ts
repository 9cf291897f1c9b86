// Public surface of the staff desk: nothing beyond its pages, which load lazily from
// app/routes/staff.tsx. Its data is the back-office order list (features/back-office/orders).
export {};
