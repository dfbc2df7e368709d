// World internals: the worker threads of World::setThreadCount (a small persistent pool owned by the World). Built
// wherever threads exist: natively (std::thread) and in a WebAssembly build with -pthread (collide2d/threads); a
// WebAssembly build without it has none (COLLIDE2D_THREADS is 0) and World::setThreadCount accepts 1 only.
//
// run(tasks, fn, ctx, helpers) calls fn(ctx, t) once for every t in [0, tasks), spread over the first `helpers`
// workers and the calling thread (each takes the next task number until none is left), and returns when every call
// has returned. It allocates nothing: the workers wait on a condition variable between runs. What a task writes must
// not depend on which thread runs it (each task writes its own output), so the results are the same for any number of
// threads.
//
// Natively each World owns its pool (create). In WebAssembly the Worlds share one pool, started at the first
// setThreadCount(n > 1) and never stopped (shared): a browser's main thread cannot start a worker and wait for it in
// the same task, and a pool of its own per World would hand its workers back to Emscripten only when the page's
// thread next returns to its event loop, so a World made right after another was deleted could wait forever for
// workers that cannot start. (The Worlds of a page run on its one thread, so no two steps use the pool at once.)
#pragma once

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define COLLIDE2D_THREADS 0
#else
#define COLLIDE2D_THREADS 1
#endif

#include <cstddef>
#include <cstdint>
#include <memory>

#if COLLIDE2D_THREADS
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>
#endif

namespace collide2d::world {

class ThreadPool {
 public:
  using Task = void (*)(void* ctx, std::size_t task);

  /// A pool of `workers` threads (besides the caller's), or null when they cannot be started (or this build has no
  /// threads).
  static std::unique_ptr<ThreadPool> create(int workers);
  /// The one pool every World shares (WebAssembly), of `workers` threads (the first call decides), or null when they
  /// cannot be started.
  static ThreadPool* shared(int workers);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int workers() const;
  void run(std::size_t tasks, Task fn, void* ctx, int helpers);

 private:
  ThreadPool() = default;
#if COLLIDE2D_THREADS
  void work(int index);
  void take(std::uint64_t generation, Task fn, void* ctx, std::size_t tasks);  // claims and runs tasks of that run

  std::mutex mutex_;
  std::condition_variable wake_, finished_;
  std::vector<std::thread> threads_;
  std::uint64_t generation_ = 0;  // (guarded by mutex_) one more per run
  int helpers_ = 0;               // (guarded by mutex_) the workers [0, helpers_) take part in this run
  bool stop_ = false;             // (guarded by mutex_)
  Task fn_ = nullptr;             // (guarded by mutex_) this run's
  void* ctx_ = nullptr;
  std::size_t tasks_ = 0;
  std::atomic<std::uint64_t> ticket_{0};  // this run's generation (high 32 bits) | the next task to claim
  std::atomic<std::size_t> done_{0};      // tasks of this run done
#endif
};

}  // namespace collide2d::world
