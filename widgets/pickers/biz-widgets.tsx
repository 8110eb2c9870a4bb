import { useEffect, useState } from 'react';
import { useRenderer } from '@renderer/context';
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
  const { data } = useRenderer();
  const [names, setNames] = useState<string | undefined>(text);
  const valueKey = returnId ? preset.returnKeys[0] : preset.returnKeys[1];
  useEffect(() => {
    if (text !== undefined || !value) return;
    let alive = true;
    const values = value.split(',');
    // A failed lookup leaves the stored values as their labels.
    data.getList<BizRow>(preset.listUrl, { [valueKey]: `${value},`, pageNo: 1, pageSize: values.length }).then(
      ({ records: rows }) => {
        if (alive) setNames(values.map((v) => String(rows.find((r) => String(r[valueKey]) === v)?.[preset.displayKey] ?? v)).join(','));
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [data, value, text, preset, valueKey]);
  return <span>{names ?? value ?? ''}</span>;
}

export const MultiUserPretty = (props: { value?: string; text?: string; returnId?: boolean }) => (
  <BizPretty preset={USER_PRESET} {...props} />
);
export const RolePretty = (props: { value?: string; text?: string; returnId?: boolean }) => <BizPretty preset={ROLE_PRESET} {...props} />;
export const PositionPretty = (props: { value?: string; text?: string; returnId?: boolean }) => (
  <BizPretty preset={POSITION_PRESET} {...props} />
);
