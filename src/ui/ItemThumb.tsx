import { Image } from '@mantine/core';
import { NO_IMAGE } from './noImage';

/**
 * An item's picture in a square of `size` pixels, contained and loaded lazily; the no-image
 * picture when there is none (`src` empty) or it cannot load.
 */
export function ItemThumb({ src, alt, size }: { src: string | null; alt: string; size: number }) {
  return (
    <Image
      src={src}
      fallbackSrc={NO_IMAGE}
      alt={alt}
      w={size}
      h={size}
      fit="contain"
      loading="lazy"
    />
  );
}
