import type { FastifyInstance } from 'fastify';
import { requireGrants } from '../../core/access-control';
import { ok } from '../../core/envelope';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import { dictItems } from '../system/dicts';
import { LOOKUP_ROW_CAP, searchPlainDict, searchTableDict, tableDictLabels, type DictModel } from './dict-queries';
import type { resolveDictCode } from './index';

type Resolve = typeof resolveDictCode;
type Resolved = ReturnType<Resolve>;

const search = (db: Db, resolved: Resolved, keyword: string, limit: number): Promise<DictModel[]> =>
  resolved.kind === 'table' ? searchTableDict(db, resolved.entry, keyword, limit) : searchPlainDict(db, resolved.code, keyword, limit);

/** Label of one value: a registered table dictionary, or a plain dictionary's item of any status (as getDictItems). */
async function dictText(db: Db, resolved: Resolved, key: string): Promise<string | null> {
  if (resolved.kind === 'table') return (await tableDictLabels(db, resolved.entry, [key])).get(key) ?? null;
  return (await dictItems(db, resolved.code)).find((item) => item.value === key)?.text ?? null;
}

/**
 * GET /sys/dict/loadDictOrderByValue/{dictCode} and GET /sys/dict/getDictText/{dictCode}/{key},
 * under the same code rules as loadDict: plain codes and registered table dictionaries only.
 */
export function mountDictValueRoutes(api: FastifyInstance, db: Db, resolve: Resolve): void {
  api.get<{ Params: { dict: string }; Querystring: { keyword: string; pageSize?: number } }>(
    '/sys/dict/loadDictOrderByValue/:dict',
    {
      config: { authenticated: true },
      schema: {
        params: objectSchema({ dict: text('字典Code', 200, { minLength: 1 }) }, ['dict']),
        querystring: objectSchema(
          { keyword: text('关键字', 200), pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100 } },
          ['keyword'],
        ),
      },
    },
    async (request) => {
      const resolved = resolve(request.params.dict, await requireGrants(request, db));
      // The selected values (keyword) come first even when they are not on the first page, as in JeecgBoot.
      const matching = await search(db, resolved, request.query.keyword, LOOKUP_ROW_CAP);
      const page = await search(db, resolved, '', request.query.pageSize ?? LOOKUP_ROW_CAP);
      const onPage = new Set(page.map((item) => item.value));
      return ok([...matching.filter((item) => !onPage.has(item.value)), ...page]);
    },
  );

  api.get<{ Params: { dict: string; key: string } }>(
    '/sys/dict/getDictText/:dict/:key',
    {
      config: { authenticated: true },
      schema: {
        params: objectSchema({ dict: text('字典Code', 200, { minLength: 1 }), key: text('字典值', 200, { minLength: 1 }) }, [
          'dict',
          'key',
        ]),
      },
    },
    async (request) => {
      const resolved = resolve(request.params.dict, await requireGrants(request, db));
      return ok(await dictText(db, resolved, request.params.key.trim()));
    },
  );
}
