export const SETTINGS_BASE_PATH = '/account/settings';
