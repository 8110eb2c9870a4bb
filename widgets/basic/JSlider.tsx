import { useRef, useState, type PointerEvent } from 'react';

export interface JSliderProps {
  value?: boolean;
  onChange?: (passed: boolean) => void;
  onSuccess?: () => void;
  /** Bar width in px (default 300). */
  width?: number;
}

export const SLIDER_BAR_HEIGHT = 34;
export const SLIDER_HANDLE_WIDTH = 40;

/** Drag-to-verify bar: dragging the handle to the end passes (验证通过); releasing early snaps back. */
export function JSlider({ value = false, onChange, onSuccess, width = 300 }: JSliderProps) {
  const [offset, setOffset] = useState(0);
  const [passed, setPassed] = useState(value);
  const dragStart = useRef<number | null>(null);
  const maxOffset = width - SLIDER_HANDLE_WIDTH;
  const isPassed = passed || value;

  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    if (isPassed) return;
    dragStart.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragStart.current === null || isPassed) return;
    const next = Math.max(0, Math.min(maxOffset, event.clientX - dragStart.current));
    setOffset(next);
  };
  const onUp = (event: PointerEvent<HTMLDivElement>) => {
    if (dragStart.current === null) return;
    const moved = Math.max(0, Math.min(maxOffset, event.clientX - dragStart.current));
    dragStart.current = null;
    if (moved >= maxOffset) {
      setOffset(maxOffset);
      setPassed(true);
      onChange?.(true);
      onSuccess?.();
    } else {
      setOffset(0);
    }
  };

  const handleLeft = isPassed ? maxOffset : offset;
  return (
    <div
      className="j-slider"
      style={{
        position: 'relative',
        width,
        height: SLIDER_BAR_HEIGHT,
        lineHeight: `${SLIDER_BAR_HEIGHT}px`,
        background: isPassed ? '#7ac23c' : '#e8e8e8',
        textAlign: 'center',
        userSelect: 'none',
        borderRadius: 2,
        color: isPassed ? '#fff' : '#555',
      }}
    >
      <div style={{ position: 'absolute', left: 0, top: 0, height: '100%', width: handleLeft, background: '#7ac23c' }} />
      <span style={{ position: 'relative' }}>{isPassed ? '验证通过' : '拖动滑块验证'}</span>
      <div
        role="slider"
        aria-label="滑块"
        aria-valuemin={0}
        aria-valuemax={maxOffset}
        aria-valuenow={handleLeft}
        data-testid="j-slider-handle"
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        style={{
          position: 'absolute',
          top: 0,
          left: handleLeft,
          width: SLIDER_HANDLE_WIDTH,
          height: SLIDER_BAR_HEIGHT,
          background: '#fff',
          border: '1px solid #ccc',
          cursor: isPassed ? 'default' : 'move',
          boxSizing: 'border-box',
        }}
      >
        {isPassed ? '✔' : '»'}
      </div>
    </div>
  );
}

export function JSliderPretty({ value }: { value?: boolean }) {
  return <span>{value ? '验证通过' : ''}</span>;
}
