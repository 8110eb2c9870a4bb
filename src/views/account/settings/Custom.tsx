export { SettingsShell as default } from './parts/SettingsShell';
