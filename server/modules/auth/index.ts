import type { ApiModule } from '../../core/deps';
import { loginRoutes } from './login-routes';
import { passwordResetRoutes } from './password-reset';
import { sessionRoutes } from './session-routes';

/** Sign-in, captcha, SMS, logout, menus of the signed-in user, department switch, own password, forgot password. */
export const authModule: ApiModule = (api, deps) => {
  loginRoutes(api, deps);
  sessionRoutes(api, deps);
  passwordResetRoutes(api, deps);
};
