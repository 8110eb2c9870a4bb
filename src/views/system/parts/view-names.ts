/** The system views a page schema may place by name; the registration map is typed by this list, and the schema validator reads it. */
export const SYSTEM_VIEW_NAMES = [
  'DepartManager',
  'MyDepartManager',
  'ResetPassword',
  'RecycleBin',
  'Authorize',
  'PickUsers',
  'DepartUserRoles',
  'LogTabs',
  'DataLogCompare',
  'MessageTestDialog',
  'LogDetail',
  'AnnouncementDetail',
  'FillRuleTestDialog',
  'CheckRuleTestDialog',
  'DataSourcePasswordDialog',
  'FilePreview',
] as const;

export type SystemViewName = (typeof SYSTEM_VIEW_NAMES)[number];
