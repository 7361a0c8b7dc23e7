import { z } from 'zod';

/** An image kept as a data URL (drawn without a network, and into the tag's PNG). */
export const ZImageDataUrl = z.string().startsWith('data:image/');
