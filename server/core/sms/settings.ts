import type { SmsProviderName, SmsSettings } from './types';

const PROVIDERS: readonly SmsProviderName[] = ['outbox', 'aliyun', 'tencent'];

const value = (raw: string | undefined) => (raw === undefined || raw.trim() === '' ? undefined : raw.trim());

/**
 * SMS_PROVIDER (outbox | aliyun | tencent) and the provider's SMS_* variables. Answers the settings,
 * or a problem naming what is missing.
 */
export function parseSmsSettings(env: NodeJS.ProcessEnv): SmsSettings | { problem: string } {
  const provider = (value(env.SMS_PROVIDER) ?? 'outbox') as SmsProviderName;
  if (!PROVIDERS.includes(provider)) return { problem: `SMS_PROVIDER "${provider}" is not supported (supported: ${PROVIDERS.join(', ')})` };
  const endpoint = value(env.SMS_ENDPOINT);
  if (endpoint && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(endpoint)) return { problem: 'SMS_ENDPOINT must be an http:// or https:// address' };
  const settings: SmsSettings = {
    provider,
    keyId: value(env.SMS_ACCESS_KEY_ID),
    keySecret: value(env.SMS_ACCESS_KEY_SECRET),
    signName: value(env.SMS_SIGN_NAME),
    codeTemplate: value(env.SMS_CODE_TEMPLATE),
    noticeTemplate: value(env.SMS_NOTICE_TEMPLATE),
    sdkAppId: value(env.SMS_SDK_APP_ID),
    region: value(env.SMS_REGION),
    endpoint,
  };
  if (provider === 'outbox') return settings;
  const required: Array<[string, string | undefined]> = [
    ['SMS_ACCESS_KEY_ID', settings.keyId],
    ['SMS_ACCESS_KEY_SECRET', settings.keySecret],
    ['SMS_SIGN_NAME', settings.signName],
    ['SMS_CODE_TEMPLATE', settings.codeTemplate],
    ...(provider === 'tencent' ? ([['SMS_SDK_APP_ID', settings.sdkAppId]] as Array<[string, string | undefined]>) : []),
  ];
  const missing = required.filter(([, v]) => !v).map(([k]) => k);
  if (missing.length) return { problem: `SMS_PROVIDER=${provider} needs ${missing.join(', ')}` };
  return settings;
}
