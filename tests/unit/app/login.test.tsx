import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@src/router/AppRoutes';
import { ChangePasswordModal } from '@src/layouts/parts/ChangePasswordModal';
import { clearSession } from '@src/state/session';
import { appStore } from '@src/state/store';
import { tenantIdAtom, tokenAtom } from '@src/state/session';
import { AppHarness, fakeApi, location } from './fakeApi';

const menu = [{ path: '/dashboard/analysis', name: 'home', component: 'dashboard/Analysis', route: '1', meta: { title: '首页' } }];
const user = { id: '1', username: 'staff', realname: '工作人员' };

function baseRoutes() {
  return {
    '/sys/randomImage/': () => ({ data: { success: true, result: 'data:image/png;base64,AAAA' } }),
    '/sys/permission/getUserPermissionByToken': () => ({ data: { success: true, result: { menu, auth: [], allAuth: [] } } }),
    '/sys/loginfo': () => ({ data: { success: true, result: {} } }),
    '/sys/visitInfo': () => ({ data: { success: true, result: [] } }),
  };
}

async function submitAccount() {
  await screen.findByText('账号密码登录', undefined, { timeout: 20_000 });
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'staff' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'pw' } });
  fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'abcd' } });
  fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
}

beforeEach(() => {
  clearSession();
  localStorage.clear();
});

describe('after login: department and tenant selection', () => {
  it('asks for a department and a tenant when there are several, then signs in', async () => {
    const api = fakeApi({
      ...baseRoutes(),
      '/sys/login': () => ({
        data: {
          success: true,
          code: 200,
          result: {
            token: 'tok-9',
            userInfo: user,
            multi_depart: 2,
            departs: [
              { id: 'd1', orgCode: 'A01', departName: '评价办' },
              { id: 'd2', orgCode: 'A02', departName: '专家库' },
            ],
            tenantList: [
              { id: 1, name: '省厅' },
              { id: 2, name: '市局' },
            ],
          },
        },
      }),
      '/sys/selectDepart': () => ({ data: { success: true, result: { userInfo: { ...user, orgCode: 'A02' } } } }),
    });
    render(
      <AppHarness path="/user/login">
        <AppRoutes />
      </AppHarness>,
    );
    await submitAccount();
    expect(await screen.findByText('请选择租户和部门')).toBeTruthy();
    expect(appStore.get(tokenAtom)).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: /确\s*认/ }));
    expect(await screen.findByText('请选择登录部门', { selector: '.ant-form-item-explain-error' })).toBeTruthy();

    const [tenantSelect, departSelect] = screen.getAllByRole('combobox');
    fireEvent.mouseDown(tenantSelect);
    fireEvent.click(await screen.findByText('市局'));
    fireEvent.mouseDown(departSelect);
    fireEvent.click(await screen.findByText('专家库'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*认/ }));

    await waitFor(() => expect(location.current).toBe('/dashboard/analysis'));
    const select = api.calls.find((c) => c.url === '/sys/selectDepart');
    expect(select).toMatchObject({ method: 'PUT', body: { orgCode: 'A02', username: 'staff' } });
    expect(appStore.get(tenantIdAtom)).toBe('2');
    expect(appStore.get(tokenAtom)).toBe('tok-9');
    expect(await screen.findByText('欢迎')).toBeTruthy();
  });

  it('phone login validates the number and counts down 60 s after sending the code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = fakeApi({ ...baseRoutes(), '/sys/sms': () => ({ data: { success: true } }) });
      render(
        <AppHarness path="/user/login">
          <AppRoutes />
        </AppHarness>,
      );
      fireEvent.click(await screen.findByText('手机号登录', undefined, { timeout: 20_000 }));
      fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '12345' } });
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      expect(await screen.findByText('您的手机号码格式不正确!')).toBeTruthy();

      fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800000002' } });
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      expect(await screen.findByText('60 s')).toBeTruthy();
      expect(api.calls.find((c) => c.url === '/sys/sms')?.body).toEqual({ mobile: '13800000002', smsmode: '0' });
      for (let second = 0; second < 3; second++) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1000);
        });
      }
      expect(screen.getByText('57 s').closest('button')?.disabled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('change password dialog', () => {
  it('shows the spec messages and sends the four fields', async () => {
    const api = fakeApi({ '/sys/user/updatePassword': () => ({ data: { success: true, message: '密码修改成功！' } }) });
    const onClose = vi.fn();
    render(
      <AppHarness path="/">
        <ChangePasswordModal open username="staff" onClose={onClose} />
      </AppHarness>,
    );
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入旧密码!')).toBeTruthy();
    expect(screen.getByText('请输入新密码!')).toBeTruthy();
    expect(screen.getByText('请确认新密码!')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('请输入旧密码'), { target: { value: 'old' } });
    fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: 'New#2026pass' } });
    fireEvent.change(screen.getByPlaceholderText('请确认新密码'), { target: { value: 'different' } });
    expect(await screen.findByText('两次输入的密码不一样！')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('请确认新密码'), { target: { value: 'New#2026pass' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0]).toMatchObject({
      method: 'PUT',
      url: '/sys/user/updatePassword',
      body: { username: 'staff', oldpassword: 'old', password: 'New#2026pass', confirmpassword: 'New#2026pass' },
    });
    expect(await screen.findByText('密码修改成功！')).toBeTruthy();
  });
});
