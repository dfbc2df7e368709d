// --pre-js of the wasm GoogleTest binary (tests/CMakeLists.txt): Emscripten's getenv() sees only its own ENV object,
// not node's process.env, so the tests' COLLIDE2D_* switches (e.g. COLLIDE2D_IDENTITY_PRINT / _DUMP of
// narrow_identity_test.cpp) are copied in before main.
Module["preRun"] = (Module["preRun"] || []).concat([function () {
  for (var key in process.env) {
    if (key.indexOf("COLLIDE2D_") === 0) ENV[key] = process.env[key];
  }
}]);
