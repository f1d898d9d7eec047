package dev.wholetrace.workloads.races;

/**
 * One field reached through two static types: thread a writes {@code x} through a reference of
 * the subclass type {@code Sub} ({@code PUTFIELD Sub.x}), thread b through the declaring class
 * ({@code PUTFIELD InheritedFieldYes.x}); it is one variable of one object. Race on {@code x}.
 */
public class InheritedFieldYes {
    public static final String[] RACES = {"InheritedFieldYes.x"};

    int x;

    static final class Sub extends InheritedFieldYes {
        void bump() {
            for (int i = 0; i < 200; i++) this.x++;
        }
    }

    public static void main(String[] args) throws Exception {
        Sub sub = new Sub();
        InheritedFieldYes base = sub;
        Thread a = new Thread(sub::bump);
        Thread b = new Thread(() -> {
            for (int i = 0; i < 200; i++) base.x += 2;
        });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
