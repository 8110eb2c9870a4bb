/** Mobile below 1088 px; the 768 px breakpoint gives the same device class. Lists in the renderer use the same hook. */
export { useIsMobile } from '@renderer/layout/useIsMobile';
