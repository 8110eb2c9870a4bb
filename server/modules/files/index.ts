import type { ApiModule } from '../../core/deps';
import { ossRoutes } from './oss-routes';
import { staticRoutes } from './static-route';
import { uploadRoutes } from './upload-route';

export { registerFileAccessRule, type FileAccessRule } from './static-route';
export { BIZ_FOLDERS, PUBLIC_IMAGE_FOLDERS } from './storage';

/** Upload (multipart, in its own scope so no other module inherits the parser) and stored-file downloads. */
export const filesModule: ApiModule = async (api, deps) => {
  await api.register(async (scope) => uploadRoutes(scope, deps));
  staticRoutes(api, deps);
  ossRoutes(api, deps);
};
