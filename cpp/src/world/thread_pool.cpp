// World internals: the worker threads (thread_pool.h).
#include "world/thread_pool.h"

#include <algorithm>
#include <cstdint>
#include <new>

namespace collide2d::world {

#if COLLIDE2D_THREADS

std::unique_ptr<ThreadPool> ThreadPool::create(int workers) {
  std::unique_ptr<ThreadPool> pool(new (std::nothrow) ThreadPool());
  if (!pool || workers < 1) return nullptr;
#if defined(__cpp_exceptions)
  try {
#endif
    pool->threads_.reserve(static_cast<std::size_t>(workers));
    for (int k = 0; k < workers; ++k) pool->threads_.emplace_back([p = pool.get(), k] { p->work(k); });
#if defined(__cpp_exceptions)
  } catch (...) {
    return nullptr;  // (the destructor joins the threads already started)
  }
#endif
  return pool;
}

ThreadPool* ThreadPool::shared(int workers) {
  static std::unique_ptr<ThreadPool> pool;  // (never destroyed before exit; guarded by the callers: one thread)
  if (!pool) pool = create(workers);
  return pool.get();
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

int ThreadPool::workers() const { return static_cast<int>(threads_.size()); }

void ThreadPool::take() {
  for (;;) {
    const std::size_t t = next_.fetch_add(1, std::memory_order_relaxed);
    if (t >= tasks_) return;
    fn_(ctx_, t);
  }
}

void ThreadPool::work(int index) {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || (generation_ != seen && index < helpers_); });
      if (stop_) return;
      seen = generation_;
    }
    take();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (--busy_ == 0) done_.notify_one();
    }
  }
}

// The mutex orders everything: the task's inputs (written before run) and fn_ / ctx_ / tasks_ happen before a
// worker's wake, and every task's outputs happen before run returns (busy_ reaches 0 under the mutex).
void ThreadPool::run(std::size_t tasks, Task fn, void* ctx, int helpers) {
  helpers = std::clamp(helpers, 0, static_cast<int>(threads_.size()));
  {
    std::lock_guard<std::mutex> lock(mutex_);
    fn_ = fn;
    ctx_ = ctx;
    tasks_ = tasks;
    next_.store(0, std::memory_order_relaxed);
    busy_ = helpers;
    helpers_ = helpers;
    ++generation_;
  }
  wake_.notify_all();
  take();
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return busy_ == 0; });
}

#else

std::unique_ptr<ThreadPool> ThreadPool::create(int) { return nullptr; }
ThreadPool* ThreadPool::shared(int) { return nullptr; }
ThreadPool::~ThreadPool() = default;
int ThreadPool::workers() const { return 0; }
void ThreadPool::run(std::size_t tasks, Task fn, void* ctx, int) {
  for (std::size_t t = 0; t < tasks; ++t) fn(ctx, t);
}

#endif

}  // namespace collide2d::world
