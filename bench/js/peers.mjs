// The rapier builds the World benchmarks measure against: @dimforge/rapier2d-compat (0.21) and the SIMD build
// @dimforge/rapier2d-simd-compat (0.19.3, pinned in package.json; null when it cannot be loaded, with a note).
export async function loadRapiers(log = () => {}) {
  const RAPIER = (await import('@dimforge/rapier2d-compat')).default;
  await RAPIER.init();
  let RAPIER_SIMD = null;
  try {
    RAPIER_SIMD = (await import('@dimforge/rapier2d-simd-compat')).default;
    await RAPIER_SIMD.init();
  } catch (e) {
    log(`rapier2d-simd-compat: skipped (${e.message.split('\n')[0]})`);
    RAPIER_SIMD = null;
  }
  return { RAPIER, RAPIER_SIMD };
}
