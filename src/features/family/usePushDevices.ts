/** The account's devices that get pushes, and the portal's key to turn this one on with (getPushSettings). */
import { useCallback, useEffect, useState } from 'react';
import { getPushSettings, type PushDevice } from '../../api/push';

export interface PushDevices {
  /** Null until read, or when the read failed. */
  devices: PushDevice[] | null;
  failed: boolean;
  /** The VAPID public key: undefined until read, null when pushes are not set up. */
  publicKey: string | null | undefined;
  /** Which read the list is from (0 the first): a list read before a change here does not show it yet. */
  readNumber: number;
  /** Reads the list again (a device turned on here) and answers the new read's number. */
  reload: () => number;
  /** Takes a device off the list as shown (turned off or removed): no read needed. */
  drop: (device: string) => void;
}

export function usePushDevices(uid: string): PushDevices {
  const [settings, setSettings] = useState<{ publicKey: string | null; devices: PushDevice[]; readNumber: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let current = true;
    getPushSettings().then(
      (read) => {
        if (!current) return;
        setSettings({ ...read, readNumber: reads });
        setFailed(false);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [uid, reads]);

  const reload = useCallback(() => {
    setReads(reads + 1);
    return reads + 1;
  }, [reads]);
  const drop = useCallback((device: string) => setSettings((current) => current && { ...current, devices: current.devices.filter((listed) => listed.device !== device) }), []);
  return { devices: failed ? null : (settings?.devices ?? null), failed, publicKey: settings ? settings.publicKey : undefined, readNumber: settings?.readNumber ?? -1, reload, drop };
}
