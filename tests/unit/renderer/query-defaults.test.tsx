import { describe, expect, it, beforeEach } from 'vitest';
import { screen } from '@testing-library/react';
import { SchemaPage } from '@renderer/index';
import { clearDictCache } from '@renderer/data/dict';
import type { ListPage } from '@contract/schema-types.gen';
import { fakeHttp, ok, recordingNotifier, renderWith } from './harness';
import { positions, positionSchema, RANKS } from './position.fixture';

const withDefault: ListPage = {
  ...positionSchema,
  query: {
    type: 'object',
    properties: {
      postRank: {
        type: 'string',
        title: '职级',
        'x-decorator': 'FormItem',
        'x-component': 'Select',
        'x-component-props': { dictCode: 'position_rank' },
        default: '2',
      },
    },
  },
};

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

describe('a query field with a default', () => {
  it('is the first search, and the query form shows it', async () => {
    const server = fakeHttp({
      'GET /sys/position/list': () => ok({ records: positions(1), total: 1 }),
      'GET /sys/dict/getDictItems/position_rank': () => ok(RANKS),
    });
    renderWith(<SchemaPage schema={withDefault} notifier={recordingNotifier().notifier} />, server.http);
    expect(await screen.findByText('职务1')).toBeTruthy();
    expect(server.calls.filter((c) => c.url === '/sys/position/list').map((c) => c.params?.postRank)).toEqual(['2']);
    const shown = RANKS.find((rank) => rank.value === '2')!.text;
    expect((await screen.findAllByText(shown)).length).toBeGreaterThan(0);
  });
});
