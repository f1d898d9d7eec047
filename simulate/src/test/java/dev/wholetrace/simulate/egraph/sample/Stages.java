package dev.wholetrace.simulate.egraph.sample;

import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;

/**
 * Threads started the way libraries start them (LMAX Disruptor's EventProcessorInfo): the Runnable is
 * made in one method and kept in a field; another method hands the field to a ThreadFactory and starts
 * the thread. One implementation of the field's type: its run() is the body. A plain Runnable field,
 * with two Runnables in the program: no body can be told.
 */
public class Stages {
    interface Processor extends Runnable {}

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

        Info(Processor processor, Runnable any) {
            this.processor = processor;
            this.any = any;
        }

        Thread start(ThreadFactory factory) {
            Thread t = factory.newThread(processor);
            t.start();
            return t;
        }

        Thread startAny() {
            Thread t = new Thread(any);
            t.start();
            return t;
        }
    }

    public static void main(String[] args) throws Exception {
        Runnable other = () -> System.out.println("other");
        Info info = new Info(new Worker(), other);
        Thread a = info.start(Executors.defaultThreadFactory());
        Thread b = info.startAny();
        a.join();
        b.join();
    }
}
