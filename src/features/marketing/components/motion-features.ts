import { domAnimation } from 'framer-motion';

/** framer-motion's animation features, loaded in their own chunk after first paint. */
export default domAnimation;
