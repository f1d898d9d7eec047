package dev.wholetrace.workloads.races;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * One producer hands {@code Cell}s (filled before the hand-over) to one consumer through each kind
 * of blocking queue, the way application code does it: {@code LinkedTransferQueue.transfer} and
 * {@code take}, a {@code SynchronousQueue} put through a method reference, a {@code
 * LinkedBlockingDeque} with {@code putFirst}/{@code pollLast}, and a {@code PriorityBlockingQueue}
 * filled with {@code offer} and emptied with {@code drainTo}. Every cell is read only after the take
 * that obtained it. No race.
 */
public final class BlockingQueueKindsNo {
    public static final String[] RACES = {};

    static final class Cell implements Comparable<Cell> {
        final int key;
        int value;

        Cell(int key) {
            this.key = key;
        }

        @Override
        public int compareTo(Cell o) {
            return Integer.compare(key, o.key);
        }
    }

    static long total;

    public static void main(String[] args) throws Exception {
        LinkedTransferQueue<Cell> transfer = new LinkedTransferQueue<>();
        SynchronousQueue<Cell> direct = new SynchronousQueue<>();
        LinkedBlockingDeque<Cell> deque = new LinkedBlockingDeque<>();
        PriorityBlockingQueue<Cell> priority = new PriorityBlockingQueue<>();
        BlockingQueue<Cell> done = new LinkedBlockingDeque<>();
        Thread producer = new Thread(() -> {
            try {
                transfer.transfer(filled(1));
                put(direct, filled(2));
                deque.putFirst(filled(3));
                IntStream.range(4, 8).mapToObj(BlockingQueueKindsNo::filled).forEach(priority::offer);
                done.add(filled(0));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread consumer = new Thread(() -> {
            try {
                long sum = transfer.take().value + direct.take().value;
                Cell c;
                while ((c = deque.pollLast(10, TimeUnit.MILLISECONDS)) == null) Thread.onSpinWait();
                sum += c.value;
                done.take();
                List<Cell> cells = new ArrayList<>();
                priority.drainTo(cells);
                sum += cells.stream().mapToInt(x -> x.value).sum();
                total = sum;
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
        System.out.println(total);
    }

    static Cell filled(int key) {
        Cell c = new Cell(key);
        c.value = key * 10;
        return c;
    }

    static void put(BlockingQueue<Cell> q, Cell c) throws InterruptedException {
        q.put(c);
    }
}
