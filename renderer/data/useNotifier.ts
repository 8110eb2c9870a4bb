import { useRenderer } from '../context';
import { defaultNotifier, type Notifier } from './notify';

/** The app's notifier (messages and confirmations), else antd's static one. */
export function useNotifier(): Notifier {
  return useRenderer().notify ?? defaultNotifier;
}
