package dev.wholetrace.workloads.libs;

import dev.wholetrace.workloads.Size;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * H2 (embedded, in memory) under the agent: four threads insert through their own JDBC
 * connections, then aggregate queries, a join, and a rolled-back transaction. Prints the result
 * sets and exits with code 4. Optional argument: size (default 1) multiplies the rows each thread
 * inserts.
 */
public final class H2Driver {
    static final String URL = "jdbc:h2:mem:wtdemo;DB_CLOSE_DELAY=-1";

    static void print(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            StringBuilder header = new StringBuilder("#");
            for (int i = 1; i <= md.getColumnCount(); i++) header.append(' ').append(md.getColumnLabel(i));
            System.out.println(header);
            while (rs.next()) {
                StringBuilder row = new StringBuilder("|");
                for (int i = 1; i <= md.getColumnCount(); i++) row.append(' ').append(rs.getString(i));
                System.out.println(row);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        try (Connection c = DriverManager.getConnection(URL, "sa", ""); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE item(id INT PRIMARY KEY, worker INT NOT NULL, category VARCHAR(16) NOT NULL, amount DECIMAL(12,2))");
            s.execute("CREATE INDEX item_category ON item(category)");
            s.execute("CREATE TABLE category(name VARCHAR(16) PRIMARY KEY, weight INT)");
            s.execute("INSERT INTO category VALUES ('alpha', 1), ('beta', 2), ('gamma', 3), ('delta', 5)");
        }
        int threads = 4;
        int rows = 150 * Size.of(args);
        String[] categories = {"alpha", "beta", "gamma", "delta", "omega"};
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread th = new Thread(() -> {
                try (Connection c = DriverManager.getConnection(URL, "sa", "");
                     PreparedStatement ps = c.prepareStatement("INSERT INTO item VALUES (?, ?, ?, ?)")) {
                    c.setAutoCommit(false);
                    for (int i = 0; i < rows; i++) {
                        ps.setInt(1, id * rows + i);
                        ps.setInt(2, id);
                        ps.setString(3, categories[(i * 3 + id) % categories.length]);
                        ps.setBigDecimal(4, BigDecimal.valueOf((i * 37L + id * 11L) % 1000, 2));
                        ps.addBatch();
                        if (i % 25 == 24) {
                            ps.executeBatch();
                            c.commit();
                        }
                    }
                    ps.executeBatch();
                    c.commit();
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "h2-" + t);
            ts.add(th);
            th.start();
        }
        for (Thread th : ts) th.join();
        if (!failures.isEmpty()) {
            failures.get(0).printStackTrace();
            System.exit(1);
        }
        try (Connection c = DriverManager.getConnection(URL, "sa", "")) {
            print(c, "SELECT COUNT(*) AS n, SUM(amount) AS total, MIN(id) AS lo, MAX(id) AS hi FROM item");
            print(c, "SELECT category, COUNT(*) AS n, SUM(amount) AS total, CAST(AVG(amount) AS DECIMAL(12,4)) AS mean, MAX(amount) AS top "
                    + "FROM item GROUP BY category ORDER BY category");
            print(c, "SELECT worker, COUNT(DISTINCT category) AS cats, SUM(amount) AS total FROM item GROUP BY worker HAVING SUM(amount) > 0 ORDER BY worker");
            print(c, "SELECT c.name, c.weight * SUM(i.amount) AS weighted FROM category c LEFT JOIN item i ON i.category = c.name "
                    + "GROUP BY c.name, c.weight ORDER BY weighted DESC, c.name");
            print(c, "SELECT id, amount FROM item WHERE amount > (SELECT AVG(amount) * 1.9 FROM item) ORDER BY amount DESC, id LIMIT 5");
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                System.out.println("deleted " + s.executeUpdate("DELETE FROM item WHERE worker = 2"));
                c.rollback();
            }
            c.setAutoCommit(true);
            print(c, "SELECT COUNT(*) AS after_rollback FROM item");
            try (Statement s = c.createStatement()) {
                s.execute("SHUTDOWN");
            }
        }
        System.exit(4);
    }
}
