// The grader's driver for the Java starter of the practice (not the student's code).
//
// Reads every position first, then for each: builds a Minimax.Gato with tiraEn, calls
// new Minimax().decision(estado) under a deadline, and writes one record to the grader's
// own channel, the process's original stdout. System.out is pointed at stderr before any
// student code runs, and records carry the session's nonce: nothing a student prints is
// taken for an answer.
//
// With `trace` at the end of the session's header (the course asks for the search), each
// position's trace, written by the student's calls to the harness's MinimaxTrace (compiled
// beside this driver), is kept in memory and sent as a `trace` record before the answer.
import java.io.ByteArrayInputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

public class MinimaxDriver {
    private static PrintStream channel;
    private static String nonce;
    /** What one position's trace may hold (the grader's limit for a run's trace output). */
    private static final long TRACE_BYTES = 24L << 20;

    public static void main(String[] args) throws Exception {
        channel = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        System.setOut(System.err);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String[] header = in.readLine().trim().split(" ");
        nonce = header[2];
        long timeout = Long.parseLong(header[3]);
        boolean tracing = header.length > 4 && header[4].equals("trace");
        List<String> positions = new ArrayList<>();
        for (String line; (line = in.readLine()) != null; ) {
            if (!line.isBlank()) positions.add(line.trim());
        }
        System.setIn(new ByteArrayInputStream(new byte[0]));
        ExecutorService pool = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task);
            thread.setDaemon(true);
            return thread;
        });
        for (String line : positions) {
            String[] parts = line.split(" ");
            String index = parts[0];
            String[] rows = parts[1].split("/");
            char toMove = parts[2].charAt(0);
            record("begin", index, 0, "");
            if (tracing) MinimaxTrace.beginPosition(TRACE_BYTES);
            long start = System.nanoTime();
            Future<Object> call = pool.submit(() -> decide(rows, toMove));
            try {
                Object result = await(call, timeout);
                long ms = (System.nanoTime() - start) / 1_000_000;
                if (tracing) sendTrace(index);
                if (result == null) {
                    record("null", index, ms, "decision returned null");
                } else {
                    record("answer", index, ms, describe(result, rows));
                }
            } catch (TimeoutException e) {
                record("timeout", index, (System.nanoTime() - start) / 1_000_000, "");
                Runtime.getRuntime().halt(3);
            } catch (ExecutionException e) {
                StringWriter trace = new StringWriter();
                e.getCause().printStackTrace(new PrintWriter(trace));
                record("crashed", index, (System.nanoTime() - start) / 1_000_000, trace.toString());
            }
        }
        channel.flush();
        // A thread the student left running must not keep the JVM alive.
        Runtime.getRuntime().halt(0);
    }

    /**
     * The call's result, within `timeout` ms of the JVM's CPU time (what the program itself
     * spent, whatever ran beside it) and three times that on the clock, against sleeping.
     */
    private static Object await(Future<Object> call, long timeout) throws Exception {
        long wallEnd = System.nanoTime() + 3 * timeout * 1_000_000;
        long cpuStart = processCpu();
        while (true) {
            try {
                return call.get(20, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                long cpu = processCpu();
                boolean cpuOut = cpuStart >= 0 && cpu - cpuStart >= timeout * 1_000_000;
                boolean wallOut = System.nanoTime() >= wallEnd
                    || (cpuStart < 0 && System.nanoTime() >= wallEnd - 2 * timeout * 1_000_000);
                if (cpuOut || wallOut) throw e;
            }
        }
    }

    /** The JVM's CPU time in ns, or -1 where it cannot say (then the clock alone is used). */
    private static long processCpu() {
        try {
            java.lang.management.OperatingSystemMXBean os =
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            if (os instanceof com.sun.management.OperatingSystemMXBean) {
                return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
            }
        } catch (Throwable t) {
            // No management module: the clock alone.
        }
        return -1;
    }

    // The bytes written ride in the time's place: more than the limit means the text is cut.
    private static void sendTrace(String index) {
        String text = MinimaxTrace.takePosition();
        long written = MinimaxTrace.positionBytes();
        record("trace", index, written, written > 0 ? "minimax-trace 1\n" + text : "");
    }

    private static void record(String kind, String index, long ms, String text) {
        String flat = text.replace("\\", "\\\\").replace("\r", "").replace("\n", "\\n");
        channel.println(nonce + " " + kind + " " + index + " " + ms + " " + flat);
        channel.flush();
    }

    // Marks are played alternately where they can be, in case tiraEn checks whose turn it is.
    private static Object decide(String[] rows, char toMove) {
        List<int[]> xs = new ArrayList<>();
        List<int[]> os = new ArrayList<>();
        for (int y = 0; y < rows.length; y++) {
            for (int x = 0; x < rows[y].length(); x++) {
                char c = rows[y].charAt(x);
                if (c == 'X') xs.add(new int[] {x, y});
                if (c == 'O') os.add(new int[] {x, y});
            }
        }
        Minimax.Gato estado = new Minimax.Gato();
        boolean oTurn = os.size() > xs.size() || (os.size() == xs.size() && toMove == 'O');
        int i = 0, j = 0;
        while (i < xs.size() || j < os.size()) {
            if ((oTurn && j < os.size()) || i >= xs.size()) {
                int[] at = os.get(j++);
                estado.tiraEn(at[0], at[1], true);
            } else {
                int[] at = xs.get(i++);
                estado.tiraEn(at[0], at[1], false);
            }
            oTurn = !oTurn;
        }
        // jugador1 (MARCA1, O) made the last move exactly when X is to move.
        estado.jugador1 = toMove == 'X';
        estado.tiradas = xs.size() + os.size();
        return new Minimax().decision(estado);
    }

    // An Accion becomes `X 3 1` (1-based, column then row); a Gato becomes its board.
    private static String describe(Object result, String[] rows) throws Exception {
        Field board = field(result, "tablero");
        if (board != null && board.get(result) instanceof int[][]) {
            int[][] cells = (int[][]) board.get(result);
            StringBuilder text = new StringBuilder();
            for (int[] row : cells) {
                for (int cell : row) text.append(cell == 4 ? 'X' : cell == 1 ? 'O' : cell == 0 ? '-' : '?');
                text.append('\n');
            }
            return text.toString();
        }
        Field symbol = field(result, "simbolo");
        Field x = field(result, "x");
        Field y = field(result, "y");
        if (symbol == null || x == null || y == null) {
            return "decision returned a " + result.getClass().getName() + " with no simbolo, x and y: " + result;
        }
        int s = ((Number) symbol.get(result)).intValue();
        String mark = s == 4 ? "X" : s == 1 ? "O" : Integer.toString(s);
        int column = ((Number) x.get(result)).intValue() + 1;
        int row = ((Number) y.get(result)).intValue() + 1;
        return mark + " " + column + " " + row;
    }

    private static Field field(Object object, String name) {
        for (Class<?> type = object.getClass(); type != null; type = type.getSuperclass()) {
            try {
                Field field = type.getDeclaredField(name);
                field.setAccessible(true);
                return field;
            } catch (NoSuchFieldException e) {
                // look in the superclass
            }
        }
        return null;
    }
}
