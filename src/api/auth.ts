import type { ApiResult } from '@renderer/context';
import type { Depart, DictItem, LoginResult, PermissionResult, UserInfo } from '../types';
import { getAction, http, postAction, putAction } from './http';

export interface AccountLogin {
  username: string;
  password: string;
  /** Only when the server asks for a captcha. */
  captcha?: string;
  checkKey?: string;
  remember_me: boolean;
}

export interface PhoneLogin {
  mobile: string;
  captcha: string;
  remember_me: boolean;
}

export const fetchCaptcha = (checkKey: string) => getAction<string>(`/sys/randomImage/${checkKey}`);
/** Whether the login form asks for a captcha; a server without this endpoint (JeecgBoot) always does. */
export const fetchLoginSettings = () =>
  http.instance.get('/sys/loginSettings', { quiet: true }) as unknown as Promise<ApiResult<{ captcha?: boolean }>>;
export const login = (body: AccountLogin) => postAction<LoginResult>('/sys/login', body);
export const phoneLogin = (body: PhoneLogin) => postAction<LoginResult>('/sys/phoneLogin', body);
export const sendSms = (mobile: string, smsmode: '0' | '1' | '2') => postAction<unknown>('/sys/sms', { mobile, smsmode });
export const verifyPhone = (phone: string, smscode: string) =>
  postAction<{ username: string; smscode: string }>('/sys/user/phoneVerification', { phone, smscode });
export const changeForgottenPassword = (query: { username: string; password: string; smscode: string; phone: string }) =>
  getAction<unknown>('/sys/user/passwordChange', query);
export const fetchPermissions = () => getAction<PermissionResult>('/sys/permission/getUserPermissionByToken');
export const fetchCurrentDeparts = () => getAction<{ list: Depart[]; orgCode?: string }>('/sys/user/getCurrentUserDeparts');
export const selectDepart = (orgCode: string, username: string) =>
  putAction<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username });
export const updatePassword = (body: { username: string; oldpassword: string; password: string; confirmpassword: string }) =>
  putAction<unknown>('/sys/user/updatePassword', body);
export const refreshDictCache = () => getAction<unknown>('/sys/dict/refleshCache');
export const fetchAllDictItems = () => getAction<Record<string, DictItem[]>>('/sys/dict/queryAllDictItems');
export const fetchLoginInfo = () => getAction<{ totalVisitCount?: number; todayVisitCount?: number; todayIp?: number }>('/sys/loginfo');
export const fetchVisitInfo = () =>
  getAction<Array<{ type?: string; tian?: string; visit?: number | string; ip?: number | string }>>('/sys/visitInfo');

/** A login/phone-login result counts as success when `success` is true and code is 200. */
export function isLoginSuccess(res: { success: boolean; code: number }): boolean {
  return res.success && Number(res.code) === 200;
}

export { http };

export interface CompanyRegistration {
  companyName: string;
  creditCode: string;
  contact: string;
  mobile: string;
  smscode: string;
  username: string;
  password: string;
}

export const registerCompany = (body: CompanyRegistration) => postAction<unknown>('/sys/user/register', body);
export const checkUsernameFree = (username: string) =>
  http.instance.get('/sys/user/checkOnlyUser', { params: { username }, quiet: true }) as unknown as Promise<ApiResult<unknown>>;
