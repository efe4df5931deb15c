/**
 * A small "Test mode" ribbon on every page of a deployment not in production: the payments move
 * no money and the agent is not a registered one, and this says so once instead of odd names in
 * the forms. It never takes a click (the page under it stays usable). RootLayout loads it only
 * when the deployment says it is in test mode, so production never downloads it.
 */
export function TestModeRibbon() {
  return (
    <div
      role="note"
      data-testid="test-mode-ribbon"
      style={{
        position: 'fixed',
        top: 0,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 1000,
        pointerEvents: 'none',
        padding: '1px 10px',
        borderRadius: '0 0 6px 6px',
        background: '#8a4b00',
        color: '#fff',
        fontSize: 12,
        fontWeight: 600,
        lineHeight: '18px',
        letterSpacing: 0.3,
        whiteSpace: 'nowrap',
      }}
      aria-label="Test mode: no real money moves"
    >
      Test mode
    </div>
  );
}
