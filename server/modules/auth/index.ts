import type { ApiModule } from '../../core/deps';
import { loginRoutes } from './login-routes';
import { passwordRecoveryRoutes } from './password-recovery';
import { sessionRoutes } from './session-routes';

/** Sign-in, captcha, SMS, logout, menus of the signed-in user, department switch, own password, password recovery by mobile. */
export const authModule: ApiModule = (api, deps) => {
  loginRoutes(api, deps);
  sessionRoutes(api, deps);
  passwordRecoveryRoutes(api, deps);
};
