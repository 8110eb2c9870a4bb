import { ConfigProvider } from 'antd';
// The ESM build: the CommonJS 'antd/locale/zh_CN' arrives as a module object in the Vite build and antd falls back to English.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router/AppRoutes';
import { settingsAtom } from './state/settings';

dayjs.locale('zh-cn');

export function App() {
  const settings = useAtomValue(settingsAtom);
  useEffect(() => {
    document.body.classList.toggle('colorWeak', settings.colorWeak);
  }, [settings.colorWeak]);
  const theme = useMemo(() => ({ token: { colorPrimary: settings.color } }), [settings.color]);
  // static calls (Modal.warning, message.success in widgets) render outside this tree: give them the same locale and colour
  useEffect(() => {
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider locale={zhCN} theme={theme}>
          {children}
        </ConfigProvider>
      ),
    });
  }, [theme]);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
