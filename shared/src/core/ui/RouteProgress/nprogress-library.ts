// nprogress with its stylesheet: one lazy chunk, loaded on the first route change (route-progress.ts).
import 'nprogress/nprogress.css';

export { default as NProgress } from 'nprogress';
