import { requireGrants } from '../../core/access-control';
import type { ApiModule } from '../../core/deps';
import { badRequest, ok, okCode0 } from '../../core/envelope';
import { objectSchema, text } from '../../core/schemas';
import { tableDictItems } from '../lookup';
import { allDictItems, dictItems } from './dicts';
import { thirdAppRoutes } from './third-app';
import { loginInfo, visitInfo } from './visits';

export const VISIT_PERMISSION = 'dashboard:visit:view';
const DICT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/** Dictionary lookups the client needs at sign-in, the dashboard's visit numbers and the third-party app switch. */
export const systemCoreModule: ApiModule = (api, { db }) => {
  api.get<{ Params: { dictCode: string } }>(
    '/sys/dict/getDictItems/:dictCode',
    {
      config: { authenticated: true },
      schema: { params: objectSchema({ dictCode: text('字典Code', 200, { minLength: 1 }) }, ['dictCode']) },
    },
    async (request) => {
      const code = request.params.dictCode.trim();
      const tableItems = await tableDictItems(db, code, await requireGrants(request, db));
      if (tableItems) return ok(tableItems);
      if (!DICT_CODE.test(code)) throw badRequest('字典Code不存在或格式不正确');
      return ok(await dictItems(db, code));
    },
  );

  api.get('/sys/dict/queryAllDictItems', { config: { authenticated: true } }, async () => ok(await allDictItems(db)));

  api.route({
    method: ['GET', 'POST'],
    url: '/sys/dict/refleshCache',
    config: { authenticated: true },
    handler: async () => okCode0(null, '刷新缓存完成！'),
  });

  thirdAppRoutes(api);

  api.get('/sys/loginfo', { config: { permission: VISIT_PERMISSION } }, async () => ok(await loginInfo(db)));
  api.get('/sys/visitInfo', { config: { permission: VISIT_PERMISSION } }, async () => ok(await visitInfo(db)));
};
