import * as wallclock from 'wallclock';
import { run } from '../app.js';

run(wallclock);
