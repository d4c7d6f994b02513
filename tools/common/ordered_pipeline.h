// Items are filled in order, processed on several threads, and the caller takes them in
// the order they were filled: the shape of every parallel program here (read, work, print
// in input order). Items are reused, and at most `in_flight` exist, which bounds memory.
//
// There is no producer thread: the thread that will process an item fills it (one thread
// at a time, in turn), so the text it reads is in its own core's cache when it processes
// it. The caller is one of the processing threads: while the next item in order is not
// ready, it fills and processes another instead of sleeping, so N jobs are N threads, not
// N workers plus a caller that wakes for every item. Waiters sleep on conditions of their
// own, so a change wakes only a thread that can act on it.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tools {

template <class Item>
class OrderedPipeline {
public:
  struct Slot {
    Item item;
    bool done = false;  // processed
  };

  // produce(Item&) -> bool fills an item, false when there is nothing more (that item is
  // not used); it is never run by two threads at once. process(Item&) runs on any of the
  // `threads` processing threads, the caller's included.
  OrderedPipeline(int threads, std::size_t in_flight, std::function<bool(Item&)> produce,
                  std::function<void(Item&)> process)
      : produce_(std::move(produce)), process_(std::move(process)) {
    for (std::size_t i = 0; i < in_flight; ++i) free_.push_back(storage_.emplace_back(std::make_unique<Slot>()).get());
    for (int t = 1; t < threads; ++t) workers_.emplace_back([this] { work(); });
  }

  ~OrderedPipeline() {
    {
      std::lock_guard lock(mutex_);
      stopped_ = true;
    }
    can_fill_.notify_all();
    for (std::thread& worker : workers_) worker.join();
  }

  // The next item in production order, once processed; null when all were taken.
  Slot* next() {
    std::unique_lock lock(mutex_);
    for (;;) {
      if (!in_order_.empty() && in_order_.front()->done) {
        Slot* slot = in_order_.front();
        in_order_.pop_front();
        return slot;
      }
      if (produced_all_ && in_order_.empty()) return nullptr;
      if (can_fill()) {
        take_one(lock);  // rather than wait: fill and process the next item to fill
        continue;
      }
      front_done_.wait(lock);
    }
  }

  // Gives a taken slot back, to be filled again.
  void recycle(Slot* slot) {
    {
      std::lock_guard lock(mutex_);
      free_.push_back(slot);
    }
    can_fill_.notify_one();
  }

  // Items not yet processed skip processing: the caller no longer needs it.
  void stop_processing() {
    std::lock_guard lock(mutex_);
    skip_processing_ = true;
  }

private:
  bool can_fill() const { return !free_.empty() && !filling_ && !produced_all_ && !stopped_; }

  void work() {
    std::unique_lock lock(mutex_);
    for (;;) {
      can_fill_.wait(lock, [&] { return can_fill() || produced_all_ || stopped_; });
      if (produced_all_ || stopped_) return;
      take_one(lock);
    }
  }

  // Fills a free slot and processes it, the lock released meanwhile; can_fill() held.
  void take_one(std::unique_lock<std::mutex>& lock) {
    Slot* slot = free_.back();
    free_.pop_back();
    filling_ = true;
    lock.unlock();
    slot->done = false;
    bool more = produce_(slot->item);
    lock.lock();
    filling_ = false;
    if (!more) {  // every waiter may act on the end
      free_.push_back(slot);
      produced_all_ = true;
      can_fill_.notify_all();
      front_done_.notify_all();
      return;
    }
    in_order_.push_back(slot);
    bool skip = skip_processing_;
    lock.unlock();
    can_fill_.notify_one();   // another thread may fill the next item:
    front_done_.notify_one();  // a worker, or the caller, if it waits
    if (!skip) process_(slot->item);
    lock.lock();
    slot->done = true;
    if (in_order_.front() == slot) front_done_.notify_one();  // only the caller waits, and only for the front
  }

  std::function<bool(Item&)> produce_;
  std::function<void(Item&)> process_;
  std::mutex mutex_;
  std::condition_variable can_fill_, front_done_;
  std::vector<std::unique_ptr<Slot>> storage_;
  std::vector<Slot*> free_;
  std::deque<Slot*> in_order_;
  bool filling_ = false, produced_all_ = false, stopped_ = false, skip_processing_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace tools
