import type { ComponentChildren, JSX } from 'preact';

/**
 * A clickable SVG group that behaves like a button for the keyboard too: focusable when it can
 * act, Enter or Space to press. SVG has no <button>, so boards use this for cells and territories.
 */
export function SvgButton({
  onPress,
  canFocus,
  children,
  ...rest
}: { onPress: () => void; canFocus: boolean; children: ComponentChildren } & Omit<
  JSX.SVGAttributes<SVGGElement>,
  'onClick' | 'onKeyDown'
>) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it takes focus and Enter like one.
    <g
      role="button"
      tabindex={canFocus ? 0 : -1}
      onClick={onPress}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onPress();
        }
      }}
      {...rest}
    >
      {children}
    </g>
  );
}
