/**
 * Dictionaries (sys_dict + sys_dict_item) come from the dictionary files: schemas/dicts/<code>.json
 * and DICT_DIRS (meta-schema schemas/_meta/dict.schema.json). A dictionary is inserted once (tracked
 * in sys_seed_applied as "dict:<code>"), and so is each item ("dict:<code>:<value>"), so items new
 * to a file reach existing databases; edits happen in the admin screens and are kept.
 */
import { basename } from 'node:path';
import { DataFileError, dictDirectories, readDataFiles } from '../../core/data-files';

export interface DictSeed {
  code: string;
  name: string;
  /** 0 string values, 1 number values */
  type: 0 | 1;
  description?: string;
  items: Array<{ value: string; text: string; description?: string }>;
  file: string;
}

interface DictFileJson {
  code: string;
  name: string;
  valueType?: 'string' | 'number';
  description?: string;
  items: DictSeed['items'];
}

/** Every dictionary file; the file name must be the code, and a code or an item value may appear once. */
export function loadDictSeed(env: NodeJS.ProcessEnv = process.env): DictSeed[] {
  const seen = new Map<string, string>();
  return readDataFiles<DictFileJson>(dictDirectories(env), 'dicts', 'dict').map(({ file, json }) => {
    if (basename(file, '.json') !== json.code) throw new DataFileError(`${file}: 文件名应为 ${json.code}.json（与字典编码相同）`);
    const other = seen.get(json.code);
    if (other) throw new DataFileError(`${file}: 字典编码 ${json.code} 与 ${other} 重复`);
    seen.set(json.code, file);
    const values = new Set<string>();
    for (const item of json.items) {
      if (values.has(item.value)) throw new DataFileError(`${file}: 字典项值 ${item.value} 重复`);
      values.add(item.value);
    }
    return {
      code: json.code,
      name: json.name,
      type: json.valueType === 'number' ? 1 : 0,
      description: json.description,
      items: json.items,
      file,
    };
  });
}

/** The project's own dictionaries (schemas/dicts), for checks that list which codes exist. */
export const DICT_SEED: DictSeed[] = loadDictSeed({});

/** The enum dictionary the contract adds to sysAllDictItems (not stored in sys_dict). */
export const ENUM_DICTS: Record<string, Array<[string, string]>> = {
  messageType: [
    ['system', '系统消息'],
    ['email', '邮件消息'],
    ['dingtalk', '钉钉消息'],
    ['wechat_enterprise', '企业微信消息'],
  ],
};
