// The SDK's lists and request types come from the contract (openapi/openapi.yaml through the
// generated schema), so they cannot drift from it. The YAML is read here independently of the
// generator to prove the two agree; the type checks fail to compile if a type is re-typed.
import { readFileSync } from 'node:fs';
import { contractPath } from '@pustak/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import YAML from 'yaml';
import { BANNER_PALETTE, paletteFromContract, type BannerColorName } from '../../banner-colors.js';
import type { components, operations } from '../../src/generated/schema.js';
import {
  ASSIGNABLE_ROLES,
  BANNER_COLORS,
  BOOK_FORMATS,
  GENRES,
  ORDER_STATUSES,
  ROLES,
  SORT_BY_VALUES,
  SORT_OPTIONS,
  isAssignableRole,
  toBannerColorName,
  toBannerBackground,
  bannerStyle,
  toListBooksParams,
  type BooksListRequest,
  type SortByValue,
} from '../../src/domain/index.js';

const contract = YAML.parse(readFileSync(contractPath, 'utf8'), { maxAliasCount: -1 });
const schemas = contract.components.schemas;
const sortParameter = contract.paths['/book/all'].get.parameters.find((p: { name?: string }) => p.name === 'sortBy');

describe('lists derived from the contract', () => {
  it('match the contract enums, in order', () => {
    expect(GENRES).toEqual(schemas.Genre.enum);
    expect(BOOK_FORMATS).toEqual(schemas.BookFormat.enum);
    expect(ORDER_STATUSES).toEqual(schemas.OrderStatus.enum);
    expect(ROLES).toEqual(schemas.Role.enum);
    expect(ASSIGNABLE_ROLES).toEqual(schemas.AssignableRole.enum);
    expect(SORT_BY_VALUES).toEqual(sortParameter.schema.enum);
    expect(BANNER_COLORS.map((option) => option.name)).toEqual(schemas.BannerColor.enum);
  });

  it('offer every sort of the contract, dealsanddiscount included', () => {
    expect(SORT_OPTIONS.map((option) => option.value)).toEqual(sortParameter.schema.enum);
    expect(SORT_OPTIONS.find((option) => option.value === 'dealsanddiscount')).toMatchObject({ label: 'Deals and discounts', sortDesc: true });
    expectTypeOf<'dealsanddiscount'>().toMatchTypeOf<SortByValue>();
    expectTypeOf<SortByValue>().toEqualTypeOf<NonNullable<NonNullable<operations['listBooks']['parameters']['query']>['sortBy']>>();
  });

  it("keep the one banner palette the server and the SDK share equal to the contract's BannerColor", () => {
    const reference = schemas.BannerColor['x-reference-hex'];
    const text = schemas.BannerColor['x-default-text-color'];
    expect(BANNER_PALETTE.colors.map((color) => color.name)).toEqual(schemas.BannerColor.enum);
    for (const color of BANNER_PALETTE.colors) expect([color.hex, color.text], color.name).toEqual([reference[color.name], text[color.name]]);
    expect(BANNER_PALETTE).toEqual(paletteFromContract(contract));
    expectTypeOf<BannerColorName>().toEqualTypeOf<components['schemas']['BannerColor']>();
  });

  it('use the palette the contract names for each colour', () => {
    for (const option of BANNER_COLORS) {
      expect(option.color, option.name).toBe(schemas.BannerColor['x-reference-hex'][option.name]);
      expect(option.textColor, option.name).toBe(schemas.BannerColor['x-default-text-color'][option.name]);
    }
  });
});

describe('the book list request', () => {
  it('types genre as a Genre and sortBy as a contract sort', () => {
    expectTypeOf<BooksListRequest['genre']>().toEqualTypeOf<components['schemas']['Genre'] | undefined>();
    expectTypeOf<BooksListRequest>().toMatchTypeOf<NonNullable<operations['listBooks']['parameters']['query']>>();
    // @ts-expect-error a genre the contract does not have
    const wrong: BooksListRequest = { page: 1, pageSize: 8, sortBy: 'price', sortDesc: false, genre: 'Poetry' };
    expect(wrong.genre).toBe('Poetry');
  });

  it('is built from the /books state', () => {
    expect(toListBooksParams({ page: 2, genre: 'Science', sortBy: 'dealsanddiscount', search: ' sagan ' })).toEqual({
      page: 2, pageSize: 8, sortBy: 'dealsanddiscount', sortDesc: true, genre: 'Science', search: 'sagan',
    });
  });
});

describe('roles', () => {
  it('assigns Staff or User only', () => {
    expect(isAssignableRole('Staff')).toBe(true);
    expect(isAssignableRole('User')).toBe(true);
    expect(isAssignableRole('Admin')).toBe(false);
  });
});

describe('banner colour input, as BannerColorInput maps it', () => {
  it.each([
    ['Blue', 'Blue'],
    ['bg-green-100', 'Green'],
    ['bg-purple-950', 'Purple'],
    ['#2563eb', 'Blue'],
    ['#1D4ED8', 'Blue'],
    ['#16a34a', 'Green'],
    ['#9333ea', 'Purple'],
    ['#fde047', 'Yellow'],
    ['#f00', 'Red'],
  ])('%s -> %s', (input, name) => {
    expect(toBannerColorName(input)).toBe(name);
  });

  it.each(['url(https://evil.example/p.png)', 'blue', 'bg-black-100', '#12345', 'red; background: url(x)'])('refuses %s', (input) => {
    expect(toBannerColorName(input)).toBeNull();
  });

  it('keeps a Tailwind arbitrary hex background as that exact colour, and refuses anything else in brackets', () => {
    expect(toBannerBackground('bg-[#7BEC7A]')).toBe('bg-[#7bec7a]');
    expect(toBannerBackground('bg-[#FE0]')).toBe('bg-[#ffee00]');
    expect(toBannerBackground('bg-green-100')).toBe('Green');
    for (const bad of ['bg-[url(x)]', 'bg-[#12345]', 'bg-[red]', 'text-[#7BEC7A]', 'bg-[#fff];x']) expect(toBannerBackground(bad), bad).toBeNull();
  });

  it('draws a banner in the exact hex it names, and only a hex', () => {
    expect(bannerStyle('bg-[#14532d]', '#7bec7a')).toEqual({ backgroundColor: '#14532d', color: '#7bec7a' });
    expect(bannerStyle('Yellow', 'text-[#FE0]')).toEqual({ backgroundColor: '#facc15', color: '#FE0' });
    expect(bannerStyle('Yellow', 'red; background: url(x)')).toEqual({ backgroundColor: '#facc15', color: '#1f2937' });
    expect(bannerStyle('bg-[url(x)]', 'text-[red]')).toEqual({ backgroundColor: '#2563eb', color: '#ffffff' });
    expect(bannerStyle('bg-[#abc]')).toEqual({ backgroundColor: '#abc', color: '#ffffff' });
  });
});
