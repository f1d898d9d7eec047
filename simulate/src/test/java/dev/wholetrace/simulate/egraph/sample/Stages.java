package dev.wholetrace.simulate.egraph.sample;

import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;

/**
 * Threads started the way libraries start them (LMAX Disruptor's EventProcessorInfo): the Runnable is
 * made in one method and kept in a field; another method hands the field to a ThreadFactory and starts
 * the thread. One implementation of the field's type: its run() is the body (two threads made in one
 * method before either starts: each its own). A plain Runnable field,
 * with two Runnables in the program: no body can be told.
 */
public class Stages {
    interface Processor extends Runnable {}

    interface Sink extends Runnable {}

    static final class Drain implements Sink {
        int drained;

        @Override
        public void run() {
            for (int i = 0; i < 500; i++) drained += i;
        }
    }

    static final class Worker implements Processor {
        int sum;

        @Override
        public void run() {
            for (int i = 0; i < 1000; i++) sum += i;
        }
    }

    static final class Info {
        final Processor processor;
        final Runnable any;
        final Sink sink;

        Info(Processor processor, Runnable any, Sink sink) {
            this.processor = processor;
            this.any = any;
            this.sink = sink;
        }

        Thread start(ThreadFactory factory) {
            Thread t = factory.newThread(processor);
            t.start();
            return t;
        }

        /** Both threads made before either starts: each start runs the Runnable of the thread it is called on. */
        Thread[] startBoth(ThreadFactory factory) {
            Thread first = factory.newThread(processor);
            Thread second = new Thread(sink);
            first.start();
            second.start();
            return new Thread[] {first, second};
        }

        Thread startAny() {
            Thread t = new Thread(any);
            t.start();
            return t;
        }
    }

    /** Two threads made from lambdas in one method before either starts: each runs its own lambda. */
    static int twoLambdas() throws InterruptedException {
        int[] out = new int[2];
        Thread a = new Thread(() -> out[0] = 1);
        Thread b = new Thread(() -> out[1] = 2);
        a.start();
        b.start();
        a.join();
        b.join();
        return out[0] + out[1];
    }

    public static void main(String[] args) throws Exception {
        Runnable other = () -> System.out.println("other");
        Info info = new Info(new Worker(), other, new Drain());
        Thread a = info.start(Executors.defaultThreadFactory());
        Thread b = info.startAny();
        a.join();
        b.join();
        for (Thread t : info.startBoth(Executors.defaultThreadFactory())) t.join();
        twoLambdas();
    }
}
