import { readFile, statfs } from 'node:fs/promises';

export interface DiskInfo {
  /** mount point */
  name: string;
  device: string;
  fsType: string;
  /** bytes */
  max: number;
  rest: number;
  used: number;
  /** percent used, as the reference's restPPT */
  restPPT: number;
}

const PSEUDO = new Set([
  'proc',
  'sysfs',
  'devpts',
  'devtmpfs',
  'tmpfs',
  'cgroup',
  'cgroup2',
  'mqueue',
  'securityfs',
  'debugfs',
  'tracefs',
  'pstore',
  'bpf',
  'configfs',
  'fusectl',
  'hugetlbfs',
  'autofs',
  'binfmt_misc',
  'nsfs',
  'rpc_pipefs',
  'selinuxfs',
  'efivarfs',
  'ramfs',
  'squashfs',
  'overlay-ro',
  'fuse.lxcfs',
  'shm',
  'none',
]);

/** Mount points of real filesystems (from /proc/mounts; '/' alone where there is none), one per device. */
async function mountPoints(): Promise<{ mount: string; device: string; fsType: string }[]> {
  let text: string;
  try {
    text = await readFile('/proc/mounts', 'utf8');
  } catch {
    return [{ mount: '/', device: '', fsType: '' }];
  }
  const seen = new Set<string>();
  const out: { mount: string; device: string; fsType: string }[] = [];
  for (const line of text.split('\n')) {
    const [device = '', rawMount = '', fsType = ''] = line.split(' ');
    if (!rawMount || PSEUDO.has(fsType)) continue;
    const mount = rawMount.replace(/\\040/g, ' ');
    if (mount.startsWith('/proc') || mount.startsWith('/sys') || mount.startsWith('/dev/')) continue;
    const key = `${device}|${fsType}`;
    if (seen.has(key) && mount !== '/') continue;
    seen.add(key);
    out.push({ mount, device, fsType });
  }
  return out.length ? out : [{ mount: '/', device: '', fsType: '' }];
}

/** 磁盘: size, free and used space of each mount (fs.statfs). */
export async function diskInfo(): Promise<DiskInfo[]> {
  const disks: DiskInfo[] = [];
  for (const m of await mountPoints()) {
    try {
      const s = await statfs(m.mount);
      const max = s.blocks * s.bsize;
      if (max === 0) continue;
      const rest = s.bavail * s.bsize;
      const used = max - s.bfree * s.bsize;
      disks.push({
        name: m.mount,
        device: m.device,
        fsType: m.fsType,
        max,
        rest,
        used,
        restPPT: Math.round((used / (used + rest)) * 10000) / 100,
      });
    } catch {
      // a mount we may not read (permissions, vanished) is left out
    }
  }
  return disks;
}
