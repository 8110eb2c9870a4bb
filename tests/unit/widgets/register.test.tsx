import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { getFieldRegistration, hasField, loadField, resetRegistryForTests } from '@renderer/registry';
import { registerWidgets, WIDGET_TYPES } from '@widgets/index';
import { Providers, fakeHttp } from './fake-http';

describe('registerWidgets', () => {
  beforeEach(() => resetRegistryForTests());

  it('registers every type lazily and may be called twice', () => {
    registerWidgets();
    expect(() => registerWidgets()).not.toThrow();
    for (const type of WIDGET_TYPES) {
      expect(hasField(type)).toBe(true);
      expect(typeof getFieldRegistration(type)?.load).toBe('function');
    }
    expect(WIDGET_TYPES).toEqual(expect.arrayContaining(['JUpload', 'JImageUpload', 'JSwitch', 'JInput', 'JEllipsis', 'JModal']));
  });

  it('every loaded type has an edit face', async () => {
    registerWidgets();
    for (const type of WIDGET_TYPES) {
      const parts = await loadField(type);
      expect(parts.component, type).toBeTruthy();
    }
  });

  it('a loaded widget works as a Formily field and shows text in read-pretty', async () => {
    registerWidgets();
    const { component: JSwitch } = await loadField('JSwitch');
    const { component: JInput } = await loadField('JInput');
    const form = createForm({ initialValues: { flag: 'N', name: '*ab*' } });
    const { rerender } = render(
      <Providers http={fakeHttp()}>
        <FormProvider form={form}>
          <Field name="flag" component={[JSwitch]} />
          <Field name="name" component={[JInput, { type: 'like' }]} />
        </FormProvider>
      </Providers>,
    );
    fireEvent.click(screen.getByRole('switch'));
    expect(form.values.flag).toBe('Y');
    fireEvent.change(screen.getByDisplayValue('ab'), { target: { value: 'abc' } });
    expect(form.values.name).toBe('*abc*');
    form.setPattern('readPretty');
    rerender(
      <Providers http={fakeHttp()}>
        <FormProvider form={form}>
          <Field name="flag" component={[JSwitch]} />
          <Field name="name" component={[JInput, { type: 'like' }]} />
        </FormProvider>
      </Providers>,
    );
    expect(await screen.findByText('是')).toBeTruthy();
    expect(screen.getByText('abc')).toBeTruthy();
  });
});

describe('cron validate rule', () => {
  it('x-validator cron reports the validator message', async () => {
    registerWidgets();
    const form = createForm();
    const field = form.createField({ name: 'cron', validator: [{ cron: true }] });
    field.setValue('0 0 12 * * ? 2030 1');
    await field.validate().catch(() => undefined);
    expect(field.selfErrors).toEqual(['Cron表达式最多7项！']);
    field.setValue('0 0 12 * * ?');
    await field.validate();
    expect(field.selfErrors).toEqual([]);
  });
});
