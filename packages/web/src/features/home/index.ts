// Public surface of the home feature: none. Its page loads lazily through the route table, and
// everything it shows comes from other features' surfaces (the books' grid, hooks and search).
export {};
