// The lab on a page of its own, for the browser test (the game page mounts it the same way).
import { mountLab } from '../../../src/ui/lab/index.ts';

mountLab(document.getElementById('lab')!);
(window as unknown as { __labReady: boolean }).__labReady = true;
