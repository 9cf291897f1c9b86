// Inline SVG icons (stroke style, 24x24 grid). Decorative by default: pass `title` to make
// one meaningful to assistive technology. Split in two modules so the first paint carries
// only the icons it shows; import from here either way.
export type { IconProps } from './icons/create-icon';
export * from './icons/core';
export * from './icons/more';
