/** What a text message is for: a verification code (login, register, forgot) or a notice (message). */
export type SmsPurpose = 'login' | 'register' | 'forgot' | 'message';

export interface SmsMessage {
  mobile: string;
  /** e.g. "login", "register", "forgot"; "message" for a notice */
  templateCode: string;
  /** the full text; contains the code, so it is never logged */
  content: string;
  /** the provider template's variables: `code` for a verification code, `title` for a notice */
  params?: Record<string, string>;
}

/** Sends text messages. Implementations must not log the content. */
export interface SmsProvider {
  readonly name: string;
  /** whether notices (template "message") can go out: the outbox always, a cloud provider with a notice template */
  readonly sendsNotices: boolean;
  send(message: SmsMessage): Promise<void>;
}

export type SmsProviderName = 'outbox' | 'aliyun' | 'tencent';

/** The SMS_* environment variables, checked at start. */
export interface SmsSettings {
  provider: SmsProviderName;
  keyId?: string;
  keySecret?: string;
  signName?: string;
  /** provider template of verification codes (variable `code`, Tencent: {1}) */
  codeTemplate?: string;
  /** provider template of notices (variable `title`, Tencent: {1}); unset: no notice goes out by SMS */
  noticeTemplate?: string;
  /** Tencent SmsSdkAppId */
  sdkAppId?: string;
  region?: string;
  /** the provider's API address; default the public one (tests point it at a local server) */
  endpoint?: string;
}

/** A provider's refusal or a transport failure, with the provider's own words (never the message text). */
export class SmsSendError extends Error {}
