// The HTTP traps of a server built on a contract, each with its test: unknown properties are
// refused (not trimmed), undeclared media types get 415, the bare JSON string body, the doubled
// /api path, exact spellings, empty bodies, multipart covers; and no input gets a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS, multipart, startTestServer, testContract, type TestServer } from './helpers.js';

let t: TestServer;
let admin = '';
let sita = '';
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login('admin');
  sita = await t.login('sita');
});
afterAll(async () => {
  await t?.close();
});

const json = { 'content-type': 'application/json' };
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const bookFields = (title: string, isbn: string) => ({
  title, author: 'Test Author', genre: 'Fiction', isbn, description: 'A test book.', publisher: 'Test Press',
  publicationDate: '2020-01-01T00:00:00Z', price: '450.5', quantity: '3', language: 'Nepali', discount: '10', format: 'Paperback', isOnSale: 'true',
  startTime: '2026-01-01T00:00:00Z', endTime: '2027-01-01T00:00:00Z',
});

describe('validation', () => {
  it('refuses unknown properties with a 422 problem (never trims them)', async () => {
    const reply = await t.call({ method: 'POST', url: '/api/addToCart/add', token: sita, payload: { bookId: IDS.munaMadan, quantity: 1, price: 1 } });
    expect(reply.statusCode).toBe(422);
    expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(reply.json()).toMatchObject({ status: 422, errors: { 'body.price': ['is not allowed here'] } });
    const cart = (await t.call({ method: 'GET', url: '/api/addToCart/getcartitems', token: sita })).json().data;
    expect(cart).toEqual([]);
  });

  it('answers 415 to a media type the operation does not declare', async () => {
    const text = await t.call({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: '{"username":"sita","password":"pustak123"}' });
    expect(text.statusCode).toBe(415);
    const xml = await t.call({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<login/>' });
    expect(xml.statusCode).toBe(415);
    const bodyWhereNone = await t.call({ method: 'DELETE', url: `/api/bookcrud/deletebook/${IDS.munaMadan}`, token: admin, headers: json, payload: '{"x":1}' });
    expect(bodyWhereNone.statusCode).toBe(415);
    const jsonToMultipart = await t.call({ method: 'POST', url: '/api/bookcrud/create', token: admin, headers: json, payload: '{}' });
    expect(jsonToMultipart.statusCode).toBe(415);
  });

  it('takes the role update as a bare JSON string', async () => {
    const update = (payload: string) => t.call({ method: 'PUT', url: `/api/user/updaterole/${IDS.ram}`, token: admin, headers: json, payload });
    expect((await update('"Staff"')).statusCode).toBe(204);
    const staff = (await t.call({ method: 'GET', url: '/api/user/getAllStaffs?search=ram', token: admin })).json();
    expect(staff.data.map((u: { username: string }) => u.username)).toEqual(['ram']);
    expect((await update('"Admin"')).statusCode).toBe(422);
    expect((await update('Staff')).statusCode).toBe(422);
    expect((await update('{"role":"Staff"}')).statusCode).toBe(422);
    expect((await update('"User"')).statusCode).toBe(204);
  });

  it('accepts no body and {} on the empty-body calls, and refuses anything in it', async () => {
    expect((await t.call({ method: 'POST', url: '/api/order/place', token: sita })).json()).toEqual({ status: 'error', message: 'Cart is empty' });
    expect((await t.call({ method: 'POST', url: '/api/order/place', token: sita, headers: json, payload: '{}' })).statusCode).toBe(400);
    expect((await t.call({ method: 'POST', url: '/api/order/place', token: sita, headers: json, payload: '' })).statusCode).toBe(400);
    expect((await t.call({ method: 'POST', url: '/api/order/place', token: sita, headers: json, payload: '{"x":1}' })).statusCode).toBe(422);
    expect((await t.call({ method: 'PUT', url: `/api/book/remove/${IDS.munaMadan}`, token: sita, headers: json, payload: '{}' })).json()).toMatchObject({ status: false });
  });

  it('refuses NUL characters, impossible dates and absurd numbers with a 422', async () => {
    expect((await t.call({ method: 'GET', url: '/api/book/all?search=%00' })).statusCode).toBe(422);
    const nul = await t.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'si\u0000ta', password: 'x' } });
    expect(nul.statusCode).toBe(422);
    const discount = await t.call({ method: 'PUT', url: `/api/bookcrud/discountOffer/${IDS.munaMadan}`, token: admin, payload: { Discount: '20', StartTime: '2026-01-01T00:00:00Z', EndTime: '2025-01-01T00:00:00Z', IsOnSale: true } });
    expect(discount.statusCode).toBe(422);
    // Past the contract's maximum (a PostgreSQL integer): the contract refuses it before the stock rule.
    const huge = await t.call({ method: 'POST', url: '/api/addToCart/add', token: sita, payload: { bookId: IDS.munaMadan, quantity: 1e15 } });
    expect(huge.statusCode).toBe(422);
    expect((await t.call({ method: 'GET', url: '/api/book/all?page=100000000000000000000' })).statusCode).toBeLessThan(500);
  });

  it('takes the legacy discount form with a numeric string', async () => {
    const reply = await t.call({ method: 'PUT', url: `/api/bookcrud/discountOffer/${IDS.munaMadan}`, token: admin, payload: { Discount: '20', StartTime: '2026-01-01T00:00:00Z', EndTime: '2027-01-01T00:00:00Z', IsOnSale: true } });
    expect(reply.json()).toEqual({ status: 'success', message: 'Discount added successfully' });
    expect((await t.call({ method: 'GET', url: `/api/bookcrud/getbookbyid/${IDS.munaMadan}` })).json().data.discount).toBe(20);
  });
});

describe('paths', () => {
  it('answers the doubled /api/api/bookcrud/get/{id} and the single one with the bare book', async () => {
    for (const url of [`/api/api/bookcrud/get/${IDS.munaMadan}`, `/api/bookcrud/get/${IDS.munaMadan}`]) {
      const reply = await t.call({ method: 'GET', url });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ bookId: IDS.munaMadan, title: 'Muna Madan' });
    }
  });

  it('takes a GUID in upper case as the same record, and refuses a urn:uuid one with a 422 (never a 500)', async () => {
    const upper = await t.call({ method: 'GET', url: `/api/bookcrud/getbookbyid/${IDS.munaMadan.toUpperCase()}` });
    expect(upper.statusCode).toBe(200);
    expect(upper.json().data).toMatchObject({ bookId: IDS.munaMadan, title: 'Muna Madan' });
    const urn = await t.call({ method: 'GET', url: `/api/bookcrud/getbookbyid/urn:uuid:${IDS.munaMadan}` });
    expect(urn.statusCode).toBe(422);
    const body = await t.call({ method: 'POST', url: '/api/book/addWishlist', token: sita, payload: { bookId: `urn:uuid:${IDS.munaMadan}` } });
    expect(body.statusCode).toBe(422);
  });

  it('serves /Auth/register and /auth/login as spelled (and other casings, as the legacy routing did)', async () => {
    const register = await t.call({ method: 'POST', url: '/api/Auth/register', payload: { email: 'spell@example.com', username: 'spell', password: 'pustak123', confirmPassword: 'pustak123' } });
    expect(register.statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'sita', password: 'pustak123' } })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/auth/register', payload: { email: 'spell2@example.com', username: 'spell2', password: 'pustak123', confirmPassword: 'pustak123' } })).statusCode).toBe(200);
  });

  it('answers an unknown path with a JSON 404', async () => {
    const reply = await t.call({ method: 'GET', url: '/api/nothing/here' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toContain('/api/nothing/here');
  });
});

describe('covers', () => {
  it('stores an uploaded image, serves it, and answers its absolute URL', async () => {
    const form = multipart(bookFields('Upload Test', 'ISBN-UP-1'), { name: 'cover.png', type: 'image/png', bytes: png });
    const created = await t.call({ method: 'POST', url: '/api/bookcrud/create', token: admin, ...form });
    expect(created.statusCode, created.body).toBe(200);
    const book = created.json().data;
    expect(book).toMatchObject({ title: 'Upload Test', price: 450.5, quantity: 3, isOnSale: true, discount: 10 });
    expect(book.imageUrl).toMatch(/^http:\/\/localhost:80\/uploads\/[0-9a-f-]+\.png$/);
    const image = await t.call({ method: 'GET', url: new URL(book.imageUrl).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);

    // The legacy Edit Book form: posted-back fields and an empty image part keep the cover.
    const edit = multipart({ ...bookFields('Upload Test 2', 'ISBN-UP-1'), bookId: book.bookId, imageUrl: book.imageUrl, createdAt: book.createdAt, averageStars: '0', reviews: '', image: '' });
    const updated = await t.call({ method: 'PUT', url: `/api/bookcrud/updatebook/${book.bookId}`, token: admin, ...edit });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = (await t.call({ method: 'GET', url: `/api/bookcrud/getbookbyid/${book.bookId}` })).json().data;
    expect(after).toMatchObject({ title: 'Upload Test 2', imageUrl: book.imageUrl });
  });

  it('refuses a file that is not an image, one above 5 MB, and unknown parts on create', async () => {
    const text = multipart(bookFields('Not An Image', 'ISBN-UP-2'), { name: 'x.png', type: 'image/png', bytes: Buffer.from('hello, not a png') });
    expect((await t.call({ method: 'POST', url: '/api/bookcrud/create', token: admin, ...text })).statusCode).toBe(422);
    const big = multipart(bookFields('Too Big', 'ISBN-UP-3'), { name: 'big.png', type: 'image/png', bytes: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]) });
    const tooBig = await t.call({ method: 'POST', url: '/api/bookcrud/create', token: admin, ...big });
    expect(tooBig.statusCode).toBe(422);
    const extra = multipart({ ...bookFields('Extra Part', 'ISBN-UP-4'), bookId: IDS.munaMadan });
    expect((await t.call({ method: 'POST', url: '/api/bookcrud/create', token: admin, ...extra })).statusCode).toBe(422);
    const duplicate = multipart(bookFields('muna madan', 'ISBN-UP-5'));
    const dup = await t.call({ method: 'POST', url: '/api/bookcrud/create', token: admin, ...duplicate });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ status: 'error', message: 'A book with the same title or ISBN already exists.' });
  });
});

describe('long text parts', () => {
  const problemOn = (field: string) => ({ status: 422, errors: { [`body.${field}`]: [`${field} is longer than 65536 bytes`] } });
  const descriptionOf = async (bookId: string) => (await t.call({ method: 'GET', url: `/api/bookcrud/getbookbyid/${bookId}` })).json().data.description as string;

  it('create: a description at the contract limit is kept whole; a part past 64 KiB is a 422 naming it, and no book is made', async () => {
    const full = '𝄞'.repeat(4_997) + 'end'; // 5,000 characters (the contract's maxLength), 4 bytes each but the last three
    const created = await t.call({ method: 'POST', url: '/api/bookcrud/create', token: admin, ...multipart({ ...bookFields('Long Enough', 'ISBN-LONG-1'), description: full }) });
    expect(created.statusCode, created.body.slice(0, 200)).toBe(200);
    expect(await descriptionOf(created.json().data.bookId)).toBe(full);

    const tooLong = await t.call({ method: 'POST', url: '/api/bookcrud/create', token: admin, ...multipart({ ...bookFields('Too Long', 'ISBN-LONG-2'), description: 'x'.repeat(70_000) }) });
    expect(tooLong.statusCode, tooLong.body.slice(0, 200)).toBe(422);
    expect(tooLong.json()).toMatchObject(problemOn('description'));
    const search = (await t.call({ method: 'GET', url: '/api/book/all?search=Too%20Long' })).json();
    expect(search.data ?? search).not.toContainEqual(expect.objectContaining({ title: 'Too Long' }));
  });

  it('update: a longer description is a 422 naming it, and the book keeps its own', async () => {
    const before = await descriptionOf(IDS.munaMadan);
    const reply = await t.call({ method: 'PUT', url: `/api/bookcrud/updatebook/${IDS.munaMadan}`, token: admin, ...multipart({ ...bookFields('Muna Madan', 'ISBN-MM'), description: 'x'.repeat(70_000), image: '' }) });
    expect(reply.statusCode, reply.body.slice(0, 200)).toBe(422);
    expect(reply.json()).toMatchObject(problemOn('description'));
    expect(await descriptionOf(IDS.munaMadan)).toBe(before);
  });
});

describe('no input gets a 5xx', () => {
  it('survives malformed bodies and parameters on every operation', async () => {
    const contract = await testContract();
    const bodies = ['[]', '"x"', 'null', '{"a":1}', '{', '{"bookId":"x","quantity":"1"}', '{"Stars":1e308,"Comment":{},"bookId":[]}', JSON.stringify({ Message: 'x'.repeat(10000), StartTime: '9999-99-99' })];
    const ids = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '%00', '..%2f..%2fetc'];
    for (const op of contract.operations.values()) {
      if (op.base !== '/api') continue;
      for (const id of ids) {
        const url = `${op.base}${op.path.replace(/\{[^}]+\}/g, id)}?page=-1&pageSize=abc&sortBy=%27;drop&genre=x`;
        for (const payload of op.bodyMediaTypes?.includes('application/json') ? bodies : [undefined]) {
          const reply = await t.call({ method: op.method as 'GET', url, token: admin, ...(payload === undefined ? {} : { headers: json, payload }) });
          expect(reply.statusCode, `${op.operationId} ${url} ${payload}: ${reply.body}`).toBeLessThan(500);
          if (reply.statusCode >= 400) expect(reply.body).not.toMatch(/\n\s+at .+:\d+:\d+|\bselect\b.*\bfrom\s+"?(users|books|orders|reviews)\b|violates|syntax error/i);
        }
      }
    }
  });
});
