import type { DataProvider, RendererHttp } from '@renderer/index';
import { jeecgDataProvider } from '@src/api/dataProvider';

/** The app's JeecgBoot data provider over a test's fake http, with the API base the tests use. */
export function testDataProvider(http: RendererHttp): DataProvider {
  return jeecgDataProvider(http, '/api');
}
