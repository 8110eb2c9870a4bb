import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySharedState, ReadCache } from '../../server/core/shared-state';
import { backends, startTestApp, type TestApp } from './support/app';

describe.each(backends())('read cache of sessions, grants and dictionaries on %s', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(backend, { cacheTtlMs: 60_000 });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const list = (token: string) => t.request({ method: 'GET', url: '/api/sys/user/list?pageNo=1&pageSize=5', token });

  it('serves repeated reads without asking the database again, until a write request', async () => {
    const sexItems = async () =>
      (await t.request({ method: 'GET', url: '/api/sys/dict/getDictItems/sex', token: admin })).json().result as Array<{
        value: string;
        text: string;
      }>;
    const before = await sexItems();
    await t.db
      .updateTable('sys_dict_item')
      .set({ item_text: '男（直接改库）' })
      .where('item_value', '=', '1')
      .where('dict_id', 'in', t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'sex'))
      .execute();
    // a change made outside the API waits for the next write request (or the TTL)
    expect(await sexItems()).toEqual(before);
    await t.request({ method: 'POST', url: '/api/sys/dict/refleshCache', token: admin });
    expect((await sexItems()).find((i) => i.value === '1')?.text).toBe('男（直接改库）');
  });

  it('refuses a frozen user’s cached session at once', async () => {
    const staff = await t.login('staff');
    expect((await t.request({ method: 'GET', url: '/api/sys/user/getCurrentUserDeparts', token: staff })).statusCode).toBe(200);
    const frozen = await t.request({
      method: 'PUT',
      url: '/api/sys/user/frozenBatch',
      token: admin,
      payload: { ids: 'u_demo_staff', status: '2' },
    });
    expect(frozen.json().success).toBe(true);
    const res = await t.request({ method: 'GET', url: '/api/sys/user/getCurrentUserDeparts', token: staff });
    expect(res.statusCode).toBe(401);
    await t.request({ method: 'PUT', url: '/api/sys/user/frozenBatch', token: admin, payload: { ids: 'u_demo_staff', status: '1' } });
  });

  it('refuses a signed-out token at once, though it was cached', async () => {
    const token = await t.login('admin');
    expect((await list(token)).statusCode).toBe(200);
    await t.request({ method: 'GET', url: '/api/sys/logout', token });
    expect((await list(token)).statusCode).toBe(401);
  });

  it('does not keep what a read loaded before an invalidation', async () => {
    const cache = new ReadCache(new MemorySharedState(), 60_000);
    let release!: (value: string) => void;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidateAll();
    release('stale');
    expect(await slow).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
    expect(await cache.get('k', async () => 'not asked')).toBe('fresh');
  });
});

/** Shared state whose link to the other instances can be cut and restored, as RedisSharedState's is. */
class CuttableSharedState extends MemorySharedState {
  connected = true;
  private readonly reconnectHandlers: Array<() => void> = [];
  override isConnected(): boolean {
    return this.connected;
  }
  override onReconnect(handler: () => void): void {
    this.reconnectHandlers.push(handler);
  }
  restore(): void {
    this.connected = true;
    for (const handler of this.reconnectHandlers) handler();
  }
}

describe('read cache while the other instances are out of reach', () => {
  it('reads through and keeps nothing while disconnected, and drops what it held once reconnected', async () => {
    const shared = new CuttableSharedState();
    const cache = new ReadCache(shared, 60_000);
    expect(await cache.get('session', async () => 'before')).toBe('before');
    shared.connected = false;
    expect(await cache.get('session', async () => 'during 1')).toBe('during 1');
    expect(await cache.get('session', async () => 'during 2')).toBe('during 2');
    shared.restore();
    expect(await cache.get('session', async () => 'after')).toBe('after');
    expect(await cache.get('session', async () => 'not asked')).toBe('after');
  });
});
