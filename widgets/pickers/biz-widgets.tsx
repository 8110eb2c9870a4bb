import { useEffect, useState } from 'react';
import { useRenderer } from '@renderer/context';
import { listOf } from '@renderer/index';
import { JSelectBizComponent, type JSelectBizProps } from './JSelectBizComponent';
import { POSITION_PRESET, ROLE_PRESET, USER_PRESET, type BizPreset, type BizRow } from './biz-presets';

type PresetProps = Omit<JSelectBizProps, 'preset'>;

export function JSelectMultiUser(props: PresetProps) {
  return <JSelectBizComponent preset={USER_PRESET} {...props} />;
}
export function JSelectRole(props: PresetProps) {
  return <JSelectBizComponent preset={ROLE_PRESET} {...props} />;
}
export function JSelectPosition(props: PresetProps) {
  return <JSelectBizComponent preset={POSITION_PRESET} {...props} />;
}

function BizPretty({ preset, value, text, returnId }: { preset: BizPreset; value?: string; text?: string; returnId?: boolean }) {
  const { http } = useRenderer();
  const [names, setNames] = useState<string | undefined>(text);
  const valueKey = returnId ? preset.returnKeys[0] : preset.returnKeys[1];
  useEffect(() => {
    if (text !== undefined || !value) return;
    let alive = true;
    const values = value.split(',');
    http.get<{ records?: BizRow[] }>(preset.listUrl, { [valueKey]: `${value},`, pageNo: 1, pageSize: values.length }).then((res) => {
      if (!alive || !res.success) return;
      const rows = listOf<BizRow>(res.result);
      setNames(values.map((v) => String(rows.find((r) => String(r[valueKey]) === v)?.[preset.displayKey] ?? v)).join(','));
    });
    return () => {
      alive = false;
    };
  }, [http, value, text, preset, valueKey]);
  return <span>{names ?? value ?? ''}</span>;
}

export const MultiUserPretty = (props: { value?: string; text?: string; returnId?: boolean }) => (
  <BizPretty preset={USER_PRESET} {...props} />
);
export const RolePretty = (props: { value?: string; text?: string; returnId?: boolean }) => <BizPretty preset={ROLE_PRESET} {...props} />;
export const PositionPretty = (props: { value?: string; text?: string; returnId?: boolean }) => (
  <BizPretty preset={POSITION_PRESET} {...props} />
);
