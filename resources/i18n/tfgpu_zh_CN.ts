<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>BenchController</name>
    <message>
        <source>the benchmark ended without a result</source>
        <translation>基准测试结束但没有结果</translation>
    </message>
</context>
<context>
    <name>BenchResultsView</name>
    <message>
        <source>Summary</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>All results</source>
        <translation>全部结果</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展</translation>
    </message>
</context>
<context>
    <name>BenchmarkPage</name>
    <message>
        <source>Benchmark</source>
        <translation>性能测试</translation>
    </message>
    <message>
        <source>How fast TensorFlow runs here, on the GPU and on the CPU, and how close it comes to what the hardware can do.</source>
        <translation>TensorFlow 在这台电脑的 GPU 和 CPU 上跑得有多快，离硬件的极限还有多远。</translation>
    </message>
    <message>
        <source>Quick (about a minute)</source>
        <translation>快速（约一分钟）</translation>
    </message>
    <message>
        <source>Full (several minutes)</source>
        <translation>完整（几分钟）</translation>
    </message>
    <message>
        <source>Scaling across devices (MirroredStrategy)</source>
        <translation>多设备扩展测试（MirroredStrategy）</translation>
    </message>
    <message>
        <source>GPU and CPU</source>
        <translation>GPU 和 CPU</translation>
    </message>
    <message>
        <source>GPU only</source>
        <translation>仅 GPU</translation>
    </message>
    <message>
        <source>CPU only</source>
        <translation>仅 CPU</translation>
    </message>
    <message>
        <source>Run benchmark</source>
        <translation>开始测试</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the benchmark; the figures measured so far are kept.</source>
        <translation>停止测试；已测得的数据会保留。</translation>
    </message>
    <message>
        <source>Show monitor</source>
        <translation>显示监视器</translation>
    </message>
    <message>
        <source>CPU, RAM and GPU load, live. It also shows during a run; pop it out to watch your own training.</source>
        <translation>实时显示 CPU、内存和 GPU 负载。运行测试时也会显示；弹出后可用来观察你自己的训练。</translation>
    </message>
    <message>
        <source>Copy results</source>
        <translation>复制结果</translation>
    </message>
    <message>
        <source>Copy the results as text, to paste into a chat or an issue.</source>
        <translation>把结果复制为文本，可粘贴到聊天或 issue 中。</translation>
    </message>
    <message>
        <source>Python environment:</source>
        <translation>Python 环境：</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>对比：</translation>
    </message>
    <message>
        <source>Python {version}</source>
        <translation>Python {version}</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>TensorFlow {version}</source>
        <translation>TensorFlow {version}</translation>
    </message>
    <message>
        <source>TensorFlow (does not import)</source>
        <translation>TensorFlow（无法导入）</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation>无 GPU</translation>
    </message>
    <message>
        <source>No Python environment with TensorFlow was found: install it (the Diagnosis page says how), or choose one with &quot;Other Python…&quot;.</source>
        <translation>没有找到装有 TensorFlow 的 Python 环境：请先安装（“诊断”页给出方法），或用“其他 Python…”选择一个。</translation>
    </message>
    <message>
        <source>Not started: that Python belongs to the current folder and runs only if you agree.</source>
        <translation>未开始：这个 Python 属于当前文件夹，只有在你同意后才会运行。</translation>
    </message>
    <message>
        <source>Starting the benchmark…</source>
        <translation>正在启动测试…</translation>
    </message>
    <message>
        <source>Running in {python}</source>
        <translation>正在 {python} 中运行</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Importing TensorFlow…</source>
        <translation>正在导入 TensorFlow…</translation>
    </message>
    <message>
        <source>TensorFlow is ready; {total} tests to run.</source>
        <translation>TensorFlow 已就绪；共 {total} 项测试。</translation>
    </message>
    <message>
        <source>Running {test} on the GPU ({index} of {total})</source>
        <translation>正在 GPU 上运行 {test}（第 {index} 项，共 {total} 项）</translation>
    </message>
    <message>
        <source>Running {test} on the CPU ({index} of {total})</source>
        <translation>正在 CPU 上运行 {test}（第 {index} 项，共 {total} 项）</translation>
    </message>
    <message>
        <source>Running {test} ({index} of {total})</source>
        <translation>正在运行 {test}（第 {index} 项，共 {total} 项）</translation>
    </message>
    <message>
        <source>The benchmark process stopped; starting it again for the tests left…</source>
        <translation>测试进程已退出；正在重新启动以完成剩余测试…</translation>
    </message>
    <message>
        <source>Finished in {seconds} s.</source>
        <translation>用时 {seconds} 秒完成。</translation>
    </message>
    <message>
        <source>Finished in {seconds} s, with some tests missing.</source>
        <translation>用时 {seconds} 秒完成，部分测试没有结果。</translation>
    </message>
    <message>
        <source>Cancelled after {seconds} s.</source>
        <translation>{seconds} 秒后已取消。</translation>
    </message>
    <message>
        <source>The benchmark could not run.</source>
        <translation>测试无法运行。</translation>
    </message>
    <message>
        <source>The run could not be saved: {error}</source>
        <translation>本次结果无法保存：{error}</translation>
    </message>
    <message>
        <source>This run: {run}</source>
        <translation>本次：{run}</translation>
    </message>
    <message>
        <source>The benchmark could not finish: {error}.</source>
        <translation>测试未能完成：{error}。</translation>
    </message>
    <message>
        <source>Please report it, with the log file.</source>
        <translation>请附上日志文件报告此问题。</translation>
    </message>
    <message>
        <source>Last run: {run}</source>
        <translation>上次：{run}</translation>
    </message>
    <message>
        <source>quick</source>
        <translation>快速</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>A benchmark is running; closing stops it (the figures measured so far are kept).</source>
        <translation>性能测试正在运行；关闭会停止它（已经测得的数据会保留）。</translation>
    </message>
</context>
<context>
    <name>ChecklistView</name>
    <message>
        <source>Done since the last check</source>
        <translation>自上次检查以来已完成</translation>
    </message>
    <message>
        <source>Because: {finding}</source>
        <translation>原因：{finding}</translation>
    </message>
    <message>
        <source>Other options ({n})</source>
        <translation>其他方案（{n} 个）</translation>
    </message>
    <message>
        <source>Or: {title}</source>
        <translation>或者：{title}</translation>
    </message>
</context>
<context>
    <name>CommandBox</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy this command, then paste it where it says.</source>
        <translation>复制这条命令，然后按说明粘贴到相应的地方运行。</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
</context>
<context>
    <name>ConfigureDialogs</name>
    <message>
        <source>Changed since</source>
        <translation>之后已被更改</translation>
    </message>
    <message>
        <source>Something else changed these since tfgpu did: {places}. Undoing now would overwrite that change.</source>
        <translation>在 tfgpu 更改之后，其他程序或你又修改了这些位置：{places}。现在撤销会覆盖那次修改。</translation>
    </message>
    <message>
        <source>Keep that change, take out only tfgpu&apos;s</source>
        <translation>保留那次修改，只移除 tfgpu 添加的部分</translation>
    </message>
    <message>
        <source>Overwrite it (a backup is kept)</source>
        <translation>覆盖它（会保留备份）</translation>
    </message>
</context>
<context>
    <name>ConfirmPlanDialog</name>
    <message>
        <source>Apply these changes?</source>
        <translation>应用这些更改吗？</translation>
    </message>
    <message>
        <source>These places change: {places}. A backup of each is written first to {folder}; Undo puts them back exactly.</source>
        <translation>将更改这些位置：{places}。每一处都会先备份到 {folder}；“撤销”可原样恢复。</translation>
    </message>
</context>
<context>
    <name>Consent</name>
    <message>
        <source>Run the Python of this folder?</source>
        <translation>运行此文件夹中的 Python？</translation>
    </message>
    <message>
        <source>{path} belongs to the folder tfgpu was started in. Running it runs any code that folder holds. Only continue if you trust where this folder came from.</source>
        <translation>{path} 属于启动 tfgpu 时所在的文件夹。运行它也就会运行那个文件夹里的任何代码。只有在你信任这个文件夹的来源时才继续。</translation>
    </message>
</context>
<context>
    <name>DiagnosisPage</name>
    <message>
        <source>Diagnosis</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>复制报告</translation>
    </message>
    <message>
        <source>Copy the whole diagnosis as Markdown, to paste into a chat, a forum or an issue.</source>
        <translation>把完整的诊断复制为 Markdown，方便粘贴到聊天、论坛或问题报告（issue）里。</translation>
    </message>
    <message>
        <source>There is no check result yet.</source>
        <translation>还没有检查结果。</translation>
    </message>
    <message>
        <source>Check this computer first; the diagnosis then appears here.</source>
        <translation>请先检查这台电脑；诊断结果随后会显示在这里。</translation>
    </message>
    <message>
        <source>The diagnosis failed: {error}. Please report it, with the result of “Your system”.</source>
        <translation>诊断失败：{error}。请报告这个问题，并附上“你的系统”页面的结果。</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>这台电脑</translation>
    </message>
    <message>
        <source>The check was stopped before it finished, so this diagnosis may miss something.</source>
        <translation>检查在完成前被停止，因此这份诊断可能有遗漏。</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>已复制到剪贴板。</translation>
    </message>
    <message>
        <source>What to do, step by step, until TensorFlow uses your GPU.</source>
        <translation>一步一步该做什么，直到 TensorFlow 用上你的 GPU。</translation>
    </message>
    <message>
        <source>Re-check</source>
        <translation>重新检查</translation>
    </message>
    <message>
        <source>Check this computer again after a step; done steps are ticked off.</source>
        <translation>完成一步后再检查这台电脑；已完成的步骤会被勾掉。</translation>
    </message>
    <message>
        <source>Go to “Your system”</source>
        <translation>转到“你的系统”</translation>
    </message>
    <message>
        <source>Do it for me…</source>
        <translation>帮我完成…</translation>
    </message>
    <message>
        <source>Open {page}</source>
        <translation>打开“{page}”</translation>
    </message>
    <message>
        <source>TensorFlow can use your GPU</source>
        <translation>TensorFlow 可以使用你的 GPU</translation>
    </message>
    <message>
        <source>TensorFlow cannot use your GPU here yet</source>
        <translation>在这里 TensorFlow 暂时还不能使用你的 GPU</translation>
    </message>
    <message>
        <source>For {env}. Choose another environment at the top.</source>
        <translation>针对 {env}。可以在顶部选择其他环境。</translation>
    </message>
    <message>
        <source>For {env}.</source>
        <translation>针对 {env}。</translation>
    </message>
    <message>
        <source>Also found ({n})</source>
        <translation>其他发现（{n} 项）</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>The check of this computer runs on “Your system”; the diagnosis follows.</source>
        <translation>对这台电脑的检查在“你的系统”页面进行，诊断随后给出。</translation>
    </message>
</context>
<context>
    <name>ExplainController</name>
    <message>
        <source>the explanation ended without a result</source>
        <translation>解读没有得到结果</translation>
    </message>
</context>
<context>
    <name>ExplainPage</name>
    <message>
        <source>Explain an error</source>
        <extracomment>Larger texts are not put in the editor whole: laying out 50 MB freezes it for seconds.</extracomment>
        <translation>解读错误信息</translation>
    </message>
    <message>
        <source>Paste any error, log or tool output: we tell you what it means and how to fix it.</source>
        <translation>粘贴任意错误信息、日志或工具输出：我们会告诉你它是什么意思，以及如何解决。</translation>
    </message>
    <message>
        <source>Paste here, e.g. the lines TensorFlow printed, a traceback, or nvidia-smi&apos;s table.</source>
        <translation>粘贴到这里，例如 TensorFlow 打印的内容、traceback（错误回溯），或 nvidia-smi 的表格。</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <source>Replace the text with what is on the clipboard.</source>
        <translation>用剪贴板中的内容替换当前文本。</translation>
    </message>
    <message>
        <source>Open file…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>Read a saved log or output file (you can also drop it here).</source>
        <translation>读取已保存的日志或输出文件（也可以直接把文件拖到这里）。</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Copy result</source>
        <translation>复制结果</translation>
    </message>
    <message>
        <source>Copy the explanation as Markdown, to paste into a chat or an issue.</source>
        <translation>把解读结果复制为 Markdown，方便粘贴到聊天或问题报告（issue）里。</translation>
    </message>
    <message>
        <source>the file is larger than {limit}</source>
        <translation>文件大于 {limit}</translation>
    </message>
    <message>
        <source>Cannot read {path}</source>
        <translation>无法读取 {path}</translation>
    </message>
    <message>
        <source>Open a log or output file</source>
        <translation>打开日志或输出文件</translation>
    </message>
    <message>
        <source>Text files (*.txt *.log *.out *.xml *.h);;All files (*)</source>
        <translation>文本文件 (*.txt *.log *.out *.xml *.h);;所有文件 (*)</translation>
    </message>
    <message>
        <source>From {path}.</source>
        <translation>来自 {path}。</translation>
    </message>
    <message>
        <source>This text is large ({size}): only its beginning is shown here, but all of it is read. Click Clear to paste something else.</source>
        <translation>这段文本很大（{size}）：这里只显示开头部分，但会读取全部内容。点击“清空”即可粘贴其他内容。</translation>
    </message>
    <message>
        <source>The explainer is not available in this version yet.</source>
        <translation>这个版本还没有解读功能。</translation>
    </message>
    <message>
        <source>Your text is kept; it will be read once the explainer is installed.</source>
        <translation>你的文本已保留；装上解读功能后就会读取它。</translation>
    </message>
    <message>
        <source>The text could not be explained: {error}.</source>
        <translation>无法解读这段文本：{error}。</translation>
    </message>
    <message>
        <source>Please report it, with the text you pasted.</source>
        <translation>请报告这个问题，并附上你粘贴的文本。</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>Use this computer&apos;s scan</source>
        <translation>使用这台电脑的扫描结果</translation>
    </message>
    <message>
        <source>Combine the text with this computer&apos;s scan (its TensorFlow, Python, driver and GPUs) for the facts the text leaves out. Turn it off to explain a text from another computer.</source>
        <translation>把文本与这台电脑的扫描结果（其 TensorFlow、Python、驱动和 GPU）结合，补上文本中没有提到的信息。若要解读来自其他电脑的文本，请关闭此项。</translation>
    </message>
    <message>
        <source>Use this computer&apos;s scan (none yet: scan on the System page)</source>
        <translation>使用这台电脑的扫描结果（尚无：请在“系统”页扫描）</translation>
    </message>
</context>
<context>
    <name>ExplanationView</name>
    <message>
        <source>Facts read from the text</source>
        <translation>从文本中读到的信息</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>信息项</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Paste the text that puzzles you above.</source>
        <translation>在上方粘贴让你困惑的文本。</translation>
    </message>
    <message>
        <source>A TensorFlow log, a Python error, pip&apos;s error, or the output of nvidia-smi or nvcc --version: the explanation and the fix appear here as you paste or type.</source>
        <translation>TensorFlow 日志、Python 错误、pip 的报错，或 nvidia-smi、nvcc --version 的输出：一边粘贴或输入，解读和解决方法就会显示在这里。</translation>
    </message>
    <message>
        <source>Looks like: {kind}</source>
        <translation>看起来是：{kind}</translation>
    </message>
    <message>
        <source>Nothing we recognise in this text.</source>
        <translation>这段文本中没有我们能识别的内容。</translation>
    </message>
    <message>
        <source>It matches no problem we know. Paste the whole output, from the command you ran to its last line: the cause is often a few lines above the final error.</source>
        <translation>它与我们已知的任何问题都不匹配。请粘贴完整的输出，从你运行的命令一直到最后一行：原因往往在最终报错的前几行。</translation>
    </message>
    <message>
        <source>Most likely cause</source>
        <translation>最可能的原因</translation>
    </message>
    <message numerus="yes">
        <source>%n other finding(s)</source>
        <translation>
            <numerusform>其他 %n 个诊断项</numerusform>
        </translation>
    </message>
    <message>
        <source>Also possible: {causes}</source>
        <translation>也可能是：{causes}</translation>
    </message>
    <message>
        <source>{fact} (this computer&apos;s scan)</source>
        <translation>{fact}（这台电脑的扫描结果）</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>Reading nvidia-smi and the log…</source>
        <translation>正在读取 nvidia-smi 输出和日志…</translation>
    </message>
    <message>
        <source>Export diagnostics</source>
        <translation>导出诊断报告</translation>
    </message>
    <message>
        <source>One file with what a helper needs: the verdict and findings, versions, the latest benchmark, a monitor excerpt and the raw outputs. Your user name, computer name, GPU IDs and serials, and network addresses are replaced by [user], [host]… unless you include them.</source>
        <translation>一个文件包含帮助者需要的全部内容：结论和发现、版本、最近一次基准测试、监控摘录和原始输出。你的用户名、计算机名、GPU ID 和序列号以及网络地址会被替换为 [user]、[host]…，除非你选择包含它们。</translation>
    </message>
    <message>
        <source>HTML page (.html): opens in any browser, with plots</source>
        <translation>HTML 网页 (.html)：可用任何浏览器打开，含图表</translation>
    </message>
    <message>
        <source>Markdown (.md): paste into a GitHub issue or a forum</source>
        <translation>Markdown (.md)：可粘贴到 GitHub issue 或论坛</translation>
    </message>
    <message>
        <source>JSON (.json): every detail, for tools</source>
        <translation>JSON (.json)：全部细节，供工具读取</translation>
    </message>
    <message>
        <source>Text (.txt)</source>
        <translation>文本 (.txt)</translation>
    </message>
    <message>
        <source>Zip (.zip): all of these, plus the raw outputs and logs</source>
        <translation>Zip (.zip)：以上全部，外加原始输出和日志</translation>
    </message>
    <message>
        <source>Include personal details (user and computer names, GPU IDs, addresses)</source>
        <translation>包含个人信息（用户名和计算机名、GPU ID、地址）</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>How much of the live monitor goes into the report</source>
        <translation>报告中包含多长时间的实时监控数据</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Monitor:</source>
        <translation>监控：</translation>
    </message>
    <message>
        <source>Copy Markdown</source>
        <translation>复制 Markdown</translation>
    </message>
    <message>
        <source>The report sized for a GitHub issue, on the clipboard</source>
        <translation>将适合 GitHub issue 大小的报告复制到剪贴板</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Preparing the report…</source>
        <translation>正在准备报告…</translation>
    </message>
    <message>
        <source>Checking this computer first…</source>
        <translation>正在先检查这台电脑…</translation>
    </message>
    <message>
        <source>Checking: {step} ({done}/{total})</source>
        <translation>正在检查：{step}（{done}/{total}）</translation>
    </message>
    <message>
        <source>The report could not be prepared: {error}</source>
        <translation>无法准备报告：{error}</translation>
    </message>
    <message>
        <source>Preview of the sections; the HTML page adds the plots.</source>
        <translation>各部分的预览；HTML 网页还会包含图表。</translation>
    </message>
    <message>
        <source>Preview of the sections; the zip also holds the JSON, HTML and text reports, each probe&apos;s raw result, the nvidia-smi outputs, the TensorFlow logs and the app&apos;s log.</source>
        <translation>各部分的预览；zip 中还包含 JSON、HTML 和文本报告、每个检测项的原始结果、nvidia-smi 输出、TensorFlow 日志以及本程序的日志。</translation>
    </message>
    <message>
        <source>Personal details are included: check the file before you share it.</source>
        <translation>已包含个人信息：分享之前请检查该文件。</translation>
    </message>
    <message>
        <source>user name</source>
        <translation>用户名</translation>
    </message>
    <message>
        <source>computer name</source>
        <translation>计算机名</translation>
    </message>
    <message>
        <source>GPU ID</source>
        <translation>GPU ID</translation>
    </message>
    <message>
        <source>serial number</source>
        <translation>序列号</translation>
    </message>
    <message>
        <source>IP address</source>
        <translation>IP 地址</translation>
    </message>
    <message>
        <source>MAC address</source>
        <translation>MAC 地址</translation>
    </message>
    <message>
        <source>e-mail address</source>
        <translation>电子邮件地址</translation>
    </message>
    <message>
        <source>password in a link</source>
        <translation>链接中的密码</translation>
    </message>
    <message>
        <source>Nothing personal was found to replace.</source>
        <translation>没有发现需要替换的个人信息。</translation>
    </message>
    <message>
        <source>Replaced: {items}.</source>
        <translation>已替换：{items}。</translation>
    </message>
    <message>
        <source>The Markdown is on the clipboard.</source>
        <translation>Markdown 已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Save the diagnostics report</source>
        <translation>保存诊断报告</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Saving {name}…</source>
        <translation>正在保存 {name}…</translation>
    </message>
    <message>
        <source>Saved {path} ({size} KB).</source>
        <translation>已保存 {path}（{size} KB）。</translation>
    </message>
    <message>
        <source>Not saved: {error}</source>
        <translation>未保存：{error}</translation>
    </message>
</context>
<context>
    <name>FactLabel</name>
    <message>
        <source>GPU generations TensorFlow was built for</source>
        <translation>TensorFlow 编译时支持的 GPU 架构</translation>
    </message>
    <message>
        <source>Libraries TensorFlow was built to load</source>
        <translation>TensorFlow 编译时要加载的库</translation>
    </message>
    <message>
        <source>Compute capability</source>
        <translation>计算能力</translation>
    </message>
    <message>
        <source>Compute capabilities</source>
        <translation>计算能力</translation>
    </message>
    <message>
        <source>CUDA TensorFlow was built with</source>
        <translation>TensorFlow 编译时使用的 CUDA</translation>
    </message>
    <message>
        <source>Highest CUDA the driver supports</source>
        <translation>驱动支持的最高 CUDA 版本</translation>
    </message>
    <message>
        <source>CUDA libraries TensorFlow opened</source>
        <translation>TensorFlow 打开的 CUDA 库版本</translation>
    </message>
    <message>
        <source>CUDA installed</source>
        <translation>已安装的 CUDA</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES</source>
        <translation>CUDA_VISIBLE_DEVICES</translation>
    </message>
    <message>
        <source>CUDA TensorFlow looks for</source>
        <translation>TensorFlow 要找的 CUDA</translation>
    </message>
    <message>
        <source>cuDNN TensorFlow was built with</source>
        <translation>TensorFlow 编译时使用的 cuDNN</translation>
    </message>
    <message>
        <source>cuDNN installed</source>
        <translation>已安装的 cuDNN</translation>
    </message>
    <message>
        <source>Newest GPU generation this cuDNN knows</source>
        <translation>这个 cuDNN 认识的最新 GPU 架构</translation>
    </message>
    <message>
        <source>cuDNN that was loaded</source>
        <translation>实际加载的 cuDNN</translation>
    </message>
    <message>
        <source>cuDNN version number</source>
        <translation>cuDNN 版本号</translation>
    </message>
    <message>
        <source>cuDNN TensorFlow looks for</source>
        <translation>TensorFlow 要找的 cuDNN</translation>
    </message>
    <message>
        <source>NVIDIA driver version</source>
        <translation>NVIDIA 驱动版本</translation>
    </message>
    <message>
        <source>Compute capability found</source>
        <translation>检测到的计算能力</translation>
    </message>
    <message>
        <source>GPU memory (MB)</source>
        <translation>GPU 显存（MB）</translation>
    </message>
    <message>
        <source>GPU names</source>
        <translation>GPU 名称</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs TensorFlow listed</source>
        <translation>TensorFlow 列出的 GPU</translation>
    </message>
    <message>
        <source>Built with CUDA</source>
        <translation>带 CUDA 编译</translation>
    </message>
    <message>
        <source>LD_LIBRARY_PATH</source>
        <translation>LD_LIBRARY_PATH</translation>
    </message>
    <message>
        <source>Folders searched for libdevice</source>
        <translation>查找 libdevice 的文件夹</translation>
    </message>
    <message>
        <source>Library folders</source>
        <translation>库所在的文件夹</translation>
    </message>
    <message>
        <source>Libraries loaded</source>
        <translation>已加载的库</translation>
    </message>
    <message>
        <source>Libraries not found</source>
        <translation>找不到的库</translation>
    </message>
    <message>
        <source>nvcc version</source>
        <translation>nvcc 版本</translation>
    </message>
    <message>
        <source>Out of GPU memory</source>
        <translation>GPU 显存不足</translation>
    </message>
    <message>
        <source>Size that did not fit (bytes)</source>
        <translation>放不下的大小（字节）</translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>Operating system name</source>
        <translation>操作系统名称</translation>
    </message>
    <message>
        <source>Versions pip offered</source>
        <translation>pip 提供的版本</translation>
    </message>
    <message>
        <source>Python bits</source>
        <translation>Python 位数</translation>
    </message>
    <message>
        <source>Python (guessed)</source>
        <translation>Python（推测）</translation>
    </message>
    <message>
        <source>Python version</source>
        <translation>Python 版本</translation>
    </message>
    <message>
        <source>Compute capability needed</source>
        <translation>需要的计算能力</translation>
    </message>
    <message>
        <source>nvidia-smi error</source>
        <translation>nvidia-smi 错误</translation>
    </message>
    <message>
        <source>GPUs nvidia-smi lists</source>
        <translation>nvidia-smi 列出的 GPU</translation>
    </message>
    <message>
        <source>Compute capability built for</source>
        <translation>编译时针对的计算能力</translation>
    </message>
    <message>
        <source>TensorFlow packages</source>
        <translation>TensorFlow 软件包</translation>
    </message>
    <message>
        <source>TensorFlow asked for</source>
        <translation>要求的 TensorFlow</translation>
    </message>
    <message>
        <source>TensorFlow version</source>
        <translation>TensorFlow 版本</translation>
    </message>
    <message>
        <source>TensorFlow version: template and log disagree</source>
        <translation>TensorFlow 版本：模板与日志不一致</translation>
    </message>
    <message>
        <source>TensorFlow version the template states</source>
        <translation>模板所填的 TensorFlow 版本</translation>
    </message>
    <message>
        <source>Graphics adapters</source>
        <translation>显卡（图形适配器）</translation>
    </message>
    <message>
        <source>CUDA of the container image</source>
        <translation>容器镜像里的 CUDA</translation>
    </message>
    <message>
        <source>Processor</source>
        <translation>处理器</translation>
    </message>
    <message>
        <source>GPU named in the text</source>
        <translation>文本里提到的 GPU</translation>
    </message>
    <message>
        <source>Installed from</source>
        <translation>安装来源</translation>
    </message>
    <message>
        <source>No NVIDIA graphics card</source>
        <translation>没有 NVIDIA 显卡</translation>
    </message>
    <message>
        <source>Python of this computer&apos;s scan</source>
        <translation>本机检查结果中的 Python</translation>
    </message>
    <message>
        <source>TensorFlow version asked for</source>
        <translation>要求的 TensorFlow 版本</translation>
    </message>
    <message>
        <source>Wheel platform</source>
        <translation>wheel 平台</translation>
    </message>
    <message>
        <source>Wheel Python</source>
        <translation>wheel 对应的 Python</translation>
    </message>
</context>
<context>
    <name>FindingCard</name>
    <message>
        <source>Show or hide the details and the fix</source>
        <translation>显示或隐藏详情和解决方法</translation>
    </message>
    <message>
        <source>How to fix</source>
        <translation>解决方法</translation>
    </message>
    <message>
        <source>Why we think so</source>
        <translation>判断依据</translation>
    </message>
    <message>
        <source>Finding id: {id}</source>
        <translation>诊断项 ID：{id}</translation>
    </message>
    <message>
        <source>Sources: {sources}</source>
        <translation>来源：{sources}</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>FindingsText</name>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Run in PowerShell:</source>
        <translation>在 PowerShell 中运行：</translation>
    </message>
    <message>
        <source>Run in Command Prompt (cmd):</source>
        <translation>在命令提示符（cmd）中运行：</translation>
    </message>
    <message>
        <source>Run in a terminal (bash):</source>
        <translation>在终端（bash）中运行：</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>运行：</translation>
    </message>
    <message>
        <source>Or:</source>
        <translation>或者：</translation>
    </message>
    <message>
        <source>TensorFlow log</source>
        <translation>TensorFlow 日志</translation>
    </message>
    <message>
        <source>Python error (traceback)</source>
        <translation>Python 错误（traceback）</translation>
    </message>
    <message>
        <source>nvidia-smi output</source>
        <translation>nvidia-smi 输出</translation>
    </message>
    <message>
        <source>nvidia-smi -q -x output (XML)</source>
        <translation>nvidia-smi -q -x 输出（XML）</translation>
    </message>
    <message>
        <source>nvcc --version output</source>
        <translation>nvcc --version 输出</translation>
    </message>
    <message>
        <source>cuDNN version header</source>
        <translation>cuDNN 版本头文件</translation>
    </message>
    <message>
        <source>TensorFlow build information</source>
        <translation>TensorFlow 构建信息</translation>
    </message>
    <message>
        <source>pip error</source>
        <translation>pip 错误</translation>
    </message>
    <message>
        <source>unknown kind of text</source>
        <translation>未知类型的文本</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>TensorFlow {version}</source>
        <translation>TensorFlow {version}</translation>
    </message>
    <message>
        <source>TensorFlow not found</source>
        <translation>未找到 TensorFlow</translation>
    </message>
    <message>
        <source>GPU ready: yes, GPUs seen: {n}</source>
        <translation>GPU 可用：是，识别到的 GPU：{n} 块</translation>
    </message>
    <message>
        <source>GPU ready: no</source>
        <translation>GPU 可用：否</translation>
    </message>
    <message>
        <source>TensorFlow can use your GPU</source>
        <translation>TensorFlow 可以使用你的 GPU</translation>
    </message>
    <message>
        <source>TensorFlow cannot use your GPU yet</source>
        <translation>TensorFlow 暂时还不能使用你的 GPU</translation>
    </message>
    <message>
        <source>Knowledge base {version} ({date})</source>
        <translation>知识库 {version}（{date}）</translation>
    </message>
    <message>
        <source> (fix this first)</source>
        <translation>（先解决这个）</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>依据：</translation>
    </message>
    <message>
        <source>How to fix:</source>
        <translation>解决方法：</translation>
    </message>
    <message>
        <source>Finding id: `{id}`</source>
        <translation>诊断项 ID：`{id}`</translation>
    </message>
    <message>
        <source>Recommendation: {title}</source>
        <translation>建议：{title}</translation>
    </message>
    <message>
        <source>TensorFlow GPU diagnosis</source>
        <translation>TensorFlow GPU 诊断</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>这台电脑</translation>
    </message>
    <message>
        <source>What the pasted text says</source>
        <translation>粘贴的文本说明了什么</translation>
    </message>
    <message>
        <source>Kind of text: {kind}</source>
        <translation>文本类型：{kind}</translation>
    </message>
    <message>
        <source>Nothing in this text matches a problem we know.</source>
        <translation>这段文本中没有与已知问题相符的内容。</translation>
    </message>
    <message>
        <source>Facts read from the text:</source>
        <translation>从文本中读到的信息：</translation>
    </message>
    <message>
        <source>GPU ready: no (TensorFlow lists the GPU but cannot run its kernels here)</source>
        <translation>GPU 可用：否（TensorFlow 列出了这块 GPU，但无法在它上面运行计算内核）</translation>
    </message>
    <message>
        <source>Do this next</source>
        <translation>接下来这样做</translation>
    </message>
    <message>
        <source>Or: {title}</source>
        <translation>或者：{title}</translation>
    </message>
</context>
<context>
    <name>Glossary</name>
    <message>
        <source>NVIDIA driver</source>
        <translation>NVIDIA 驱动</translation>
    </message>
    <message>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <source>PATH</source>
        <translation>PATH（路径变量）</translation>
    </message>
    <message>
        <source>WSL2</source>
        <translation>WSL2</translation>
    </message>
    <message>
        <source>WDDM</source>
        <translation>WDDM</translation>
    </message>
    <message>
        <source>Compute capability</source>
        <translation>计算能力</translation>
    </message>
    <message>
        <source>P-state</source>
        <translation>P 状态（性能状态）</translation>
    </message>
    <message>
        <source>XLA</source>
        <translation>XLA</translation>
    </message>
    <message>
        <source>Mixed precision</source>
        <translation>混合精度</translation>
    </message>
    <message>
        <source>Virtual environment</source>
        <translation>虚拟环境</translation>
    </message>
    <message>
        <source>The program from NVIDIA that lets Windows or Linux talk to the graphics card. Every GPU program needs it; one recent driver serves every CUDA version up to its own.</source>
        <translation>NVIDIA 提供的程序，让 Windows 或 Linux 能和显卡沟通。所有用 GPU 的程序都需要它；一个较新的驱动可以支持它自身版本及以下的所有 CUDA 版本。</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s libraries for running calculations on the GPU. Each TensorFlow is built for one CUDA version; on Linux and WSL2, pip installs the right one for you.</source>
        <translation>NVIDIA 用来在 GPU 上做计算的库。每个 TensorFlow 版本都是针对某一个 CUDA 版本编译的；在 Linux 和 WSL2 上，pip 会替你装好对应的版本。</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s library of neural-network building blocks (convolutions and more), used by TensorFlow on top of CUDA, in a version that must match.</source>
        <translation>NVIDIA 的神经网络基础运算库（卷积等），TensorFlow 在 CUDA 之上使用它，版本必须匹配。</translation>
    </message>
    <message>
        <source>The list of folders Windows (PATH) or Linux (LD_LIBRARY_PATH) searches for programs and libraries. A library in a folder that is not listed is not found.</source>
        <translation>Windows（PATH）或 Linux（LD_LIBRARY_PATH）查找程序和库的文件夹列表。库所在的文件夹不在列表里，就找不到这个库。</translation>
    </message>
    <message>
        <source>Windows Subsystem for Linux: a real Ubuntu inside Windows. Current TensorFlow uses the GPU there, through the Windows NVIDIA driver.</source>
        <translation>适用于 Linux 的 Windows 子系统：在 Windows 里运行的真正的 Ubuntu。新版 TensorFlow 可以在其中通过 Windows 的 NVIDIA 驱动使用 GPU。</translation>
    </message>
    <message>
        <source>The normal Windows mode for a graphics card that drives a screen. In it, Windows does not say how much GPU memory each program uses.</source>
        <translation>Windows 下连接显示器的显卡的常规工作模式。在这种模式下，Windows 不提供每个程序占用多少显存。</translation>
    </message>
    <message>
        <source>The generation of an NVIDIA GPU&apos;s design, e.g. 8.6 for an RTX 3060. Each TensorFlow build runs on GPUs from a certain generation on.</source>
        <translation>NVIDIA GPU 的架构代数，例如 RTX 3060 是 8.6。每个 TensorFlow 版本只支持从某一代开始的 GPU。</translation>
    </message>
    <message>
        <source>The GPU&apos;s performance state: P0 is full speed, higher numbers save power. An idle GPU sits in P8; under load it should go to P0 or P2.</source>
        <translation>GPU 的性能状态：P0 是全速，数字越大越省电。空闲的 GPU 处于 P8；有负载时应该到 P0 或 P2。</translation>
    </message>
    <message>
        <source>A compiler in TensorFlow (jit_compile=True) that fuses operations into faster GPU code; it often helps, sometimes not.</source>
        <translation>TensorFlow 里的编译器（jit_compile=True），把多个运算合并成更快的 GPU 代码；常常有帮助，有时没有。</translation>
    </message>
    <message>
        <source>Training with 16-bit numbers where it is safe and 32-bit where it matters (mixed_float16): up to several times faster on GPUs with Tensor Cores.</source>
        <translation>在安全的地方用 16 位数、在关键的地方用 32 位数来训练（mixed_float16）：在有 Tensor Core 的 GPU 上可以快好几倍。</translation>
    </message>
    <message>
        <source>A private folder with its own Python packages, so one project&apos;s TensorFlow does not clash with another&apos;s. Made with &apos;python -m venv&apos;.</source>
        <translation>一个带有独立 Python 软件包的专用文件夹，让一个项目的 TensorFlow 不会和其他项目冲突。用 &apos;python -m venv&apos; 创建。</translation>
    </message>
</context>
<context>
    <name>GlossaryDialog</name>
    <message>
        <source>Glossary</source>
        <translation>术语表</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>Guide</name>
    <message>
        <source>Python {version}</source>
        <translation>Python {version}</translation>
    </message>
    <message>
        <source>TensorFlow {version}</source>
        <translation>TensorFlow {version}</translation>
    </message>
    <message>
        <source>no TensorFlow</source>
        <translation>没有 TensorFlow</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <source>Change</source>
        <translation>更改</translation>
    </message>
    <message>
        <source>When (UTC)</source>
        <translation>时间（UTC）</translation>
    </message>
    <message>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>undone</source>
        <translation>已撤销</translation>
    </message>
    <message>
        <source>failed, put back</source>
        <translation>失败，已恢复原样</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>被中断</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>corrupt backup</source>
        <translation>备份已损坏</translation>
    </message>
</context>
<context>
    <name>InstallPage</name>
    <message>
        <source>Install TensorFlow</source>
        <translation>安装 TensorFlow</translation>
    </message>
    <message>
        <source>The recommended install, carried out for you: every step is shown first, runs only when you start it, and is checked afterwards.</source>
        <translation>由本程序替你完成推荐的安装：每一步都先展示给你，只有你点击开始后才会运行，运行后还会逐一检查。</translation>
    </message>
    <message>
        <source>Recommended for this computer</source>
        <translation>本电脑的推荐方案</translation>
    </message>
    <message>
        <source>a new folder (chosen for you)</source>
        <translation>一个新文件夹（自动选择）</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>Route:</source>
        <translation>方案：</translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation>文件夹：</translation>
    </message>
    <message>
        <source>The output of each step appears here.</source>
        <translation>每一步的输出会显示在这里。</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Run the steps above, one after the other.</source>
        <translation>依次运行上面的各个步骤。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the running step and everything it started.</source>
        <translation>停止正在运行的步骤及其启动的所有进程。</translation>
    </message>
    <message>
        <source>Remove the incomplete environment</source>
        <translation>删除未完成的环境</translation>
    </message>
    <message>
        <source>Linux: pip into a new virtual environment</source>
        <translation>Linux：用 pip 安装到新的虚拟环境</translation>
    </message>
    <message>
        <source>WSL 2: pip into a new virtual environment</source>
        <translation>WSL 2：用 pip 安装到新的虚拟环境</translation>
    </message>
    <message>
        <source>Windows: TensorFlow 2.10 in a new conda environment</source>
        <translation>Windows：在新的 conda 环境中安装 TensorFlow 2.10</translation>
    </message>
    <message>
        <source>Older GPU: the last TensorFlow that supports it</source>
        <translation>较旧的 GPU：安装仍支持它的最后一个 TensorFlow 版本</translation>
    </message>
    <message>
        <source>No GPU: TensorFlow for the processor</source>
        <translation>没有 GPU：安装使用 CPU 的 TensorFlow</translation>
    </message>
    <message>
        <source>Windows: set up WSL 2 first (administrator, restart)</source>
        <translation>Windows：先安装 WSL 2（需要管理员权限并重启）</translation>
    </message>
    <message>
        <source>Working out the steps for this computer…</source>
        <translation>正在为本电脑确定安装步骤…</translation>
    </message>
    <message>
        <source>Choose an empty folder for the new environment</source>
        <translation>为新环境选择一个空文件夹</translation>
    </message>
    <message>
        <source>The steps could not be worked out: {error}</source>
        <translation>无法确定安装步骤：{error}</translation>
    </message>
    <message>
        <source>This route cannot start here:</source>
        <translation>此方案无法在本电脑上开始：</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>This step needs administrator rights:

{title}

{command}

Run it now?</source>
        <translation>此步骤需要管理员权限：

{title}

{command}

现在运行吗？</translation>
    </message>
    <message>
        <source>Administrator rights</source>
        <translation>管理员权限</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>Step {number} of {total}: {title}</source>
        <translation>第 {number} 步，共 {total} 步：{title}</translation>
    </message>
    <message>
        <source>Re-checking the new environment…</source>
        <translation>正在重新检查新环境…</translation>
    </message>
    <message>
        <source>finding packages</source>
        <translation>正在查找软件包</translation>
    </message>
    <message>
        <source>downloading</source>
        <translation>正在下载</translation>
    </message>
    <message>
        <source>installing</source>
        <translation>正在安装</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>已安装</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>not confirmed</source>
        <translation>未确认</translation>
    </message>
    <message>
        <source>your turn</source>
        <translation>请你操作</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <source>The install failed.</source>
        <translation>安装失败。</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>未开始。</translation>
    </message>
    <message>
        <source>Stopped before a step that needs administrator rights.</source>
        <translation>在一个需要管理员权限的步骤之前停止了。</translation>
    </message>
    <message>
        <source>Restart Windows, then open TF GPU Assistant again.</source>
        <translation>请重启 Windows，然后再次打开 TF GPU Assistant。</translation>
    </message>
    <message>
        <source>Full log: {path}</source>
        <translation>完整日志：{path}</translation>
    </message>
    <message>
        <source>Re-check: {verdict}</source>
        <translation>重新检查：{verdict}</translation>
    </message>
    <message>
        <source>The install stopped with an error: {error}</source>
        <translation>安装因错误而停止：{error}</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete {path} and everything in it?</source>
        <translation>删除 {path} 及其中的所有内容吗？</translation>
    </message>
</context>
<context>
    <name>JobController</name>
    <message>
        <source>the work ended without a result</source>
        <translation>任务结束但没有结果</translation>
    </message>
</context>
<context>
    <name>LinkBox</name>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Open this page in your web browser.</source>
        <translation>在网页浏览器中打开这个页面。</translation>
    </message>
    <message>
        <source>Could not open a browser: copy the address.</source>
        <translation>无法打开浏览器：请复制这个地址。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>TF GPU Assistant</source>
        <translation>TF GPU 助手</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; 上一步(&amp;B)</translation>
    </message>
    <message>
        <source>The previous page (Alt+Left)</source>
        <translation>上一页（Alt+左方向键）</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>下一步(&amp;N) &gt;</translation>
    </message>
    <message>
        <source>The next page (Alt+Right)</source>
        <translation>下一页（Alt+右方向键）</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>页面</translation>
    </message>
    <message>
        <source>A CSV log is being written to {path}; closing stops it.</source>
        <translation>正在把 CSV 日志写入 {path}；关闭会停止记录。</translation>
    </message>
    <message>
        <source>Close TF GPU Assistant?</source>
        <translation>要关闭 TF GPU 助手吗？</translation>
    </message>
    <message>
        <source>Close anyway?</source>
        <translation>仍然关闭吗？</translation>
    </message>
</context>
<context>
    <name>MemoryPage</name>
    <message>
        <source>n/a</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>By default TensorFlow takes nearly all GPU memory at once. Choose how it should behave, copy the code or set it for an environment, and measure the effect.</source>
        <translation>TensorFlow 默认会一次性占用几乎全部显存。在这里选择它应如何使用显存，复制代码或为某个环境设置好，并测量效果。</translation>
    </message>
    <message>
        <source>Not done: {error}</source>
        <translation>未完成：{error}</translation>
    </message>
    <message>
        <source>What TensorFlow should do with GPU memory</source>
        <translation>TensorFlow 应如何使用显存</translation>
    </message>
    <message>
        <source>GPU numbers as nvidia-smi lists them, separated by commas: 0 or 0,1</source>
        <translation>按 nvidia-smi 列出的 GPU 编号，用逗号分隔：0 或 0,1</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>复制代码</translation>
    </message>
    <message>
        <source>Set it for this environment…</source>
        <translation>为此环境设置…</translation>
    </message>
    <message>
        <source>Sets the environment variable where you chose; shows the change and asks first, with a backup and Undo.</source>
        <translation>在你选择的位置设置环境变量；先显示更改并询问，带备份，可撤销。</translation>
    </message>
    <message>
        <source>Undo the last memory change</source>
        <translation>撤销上一次显存设置</translation>
    </message>
    <message>
        <source>Verify (measure)</source>
        <translation>验证（测量）</translation>
    </message>
    <message>
        <source>Runs TensorFlow twice in the chosen Python, without and with the setting, and shows the GPU memory it holds after a tiny operation.</source>
        <translation>在所选 Python 中运行 TensorFlow 两次（不带与带此设置），显示执行一个很小的运算后进程占用的显存。</translation>
    </message>
    <message>
        <source>A memory limit can only be set in code: copy the snippet.</source>
        <translation>显存上限只能在代码中设置：请复制代码片段。</translation>
    </message>
    <message>
        <source>Copied: paste it at the very top of your program.</source>
        <translation>已复制：请粘贴到程序的最开头。</translation>
    </message>
    <message>
        <source>Choose a Python environment with TensorFlow first.</source>
        <translation>请先选择一个装有 TensorFlow 的 Python 环境。</translation>
    </message>
    <message>
        <source>Not measured: that Python belongs to the current folder and runs only if you agree.</source>
        <translation>未测量：这个 Python 属于当前文件夹，只有在你同意后才会运行。</translation>
    </message>
    <message>
        <source>Measuring: TensorFlow starts twice, this takes up to a minute…</source>
        <translation>正在测量：TensorFlow 将启动两次，最多需要约一分钟…</translation>
    </message>
    <message>
        <source>Set and verified (change {id}). Programs started from now on use it; Undo restores what was there.</source>
        <translation>已设置并验证（更改 {id}）。此后启动的程序会使用它；“撤销”可恢复原来的值。</translation>
    </message>
    <message>
        <source>Undone and verified (change {id}).</source>
        <translation>已撤销并验证（更改 {id}）。</translation>
    </message>
    <message>
        <source>Cannot set it there: {reason}</source>
        <translation>无法在那里设置：{reason}</translation>
    </message>
    <message>
        <source>Nothing to change: it is set already.</source>
        <translation>无需更改：已经设置好了。</translation>
    </message>
    <message>
        <source>Nothing was changed.</source>
        <translation>没有做任何更改。</translation>
    </message>
    <message>
        <source>Not measured: {reason}</source>
        <translation>未测量：{reason}</translation>
    </message>
    <message>
        <source>Without the setting: {without} · with it: {with_} · difference: {difference} (source: {source})</source>
        <translation>不带此设置：{without} · 带此设置：{with_} · 差值：{difference}（来源：{source}）</translation>
    </message>
</context>
<context>
    <name>MiniMonitor</name>
    <message>
        <source>Dock</source>
        <translation>放回页面</translation>
    </message>
    <message>
        <source>The live monitor is in its own window.</source>
        <translation>实时监视器已在独立窗口中。</translation>
    </message>
    <message>
        <source>TF GPU Assistant: live monitor</source>
        <translation>TF GPU 助手：实时监视器</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>CPU {value}</source>
        <translation>CPU {value}</translation>
    </message>
    <message>
        <source>RAM {value}</source>
        <translation>内存 {value}</translation>
    </message>
    <message>
        <source>Monitor: could not start ({error})</source>
        <translation>监视器：无法启动（{error}）</translation>
    </message>
    <message>
        <source>GPU {index}: lost (stopped answering)</source>
        <translation>GPU {index}：已丢失（不再响应）</translation>
    </message>
    <message>
        <source>GPU: lost (stopped answering)</source>
        <translation>GPU：已丢失（不再响应）</translation>
    </message>
    <message>
        <source>GPU {index} {value}</source>
        <translation>GPU {index} {value}</translation>
    </message>
    <message>
        <source>GPU {index} memory {value}</source>
        <translation>GPU {index} 显存 {value}</translation>
    </message>
    <message>
        <source>GPU {value}</source>
        <translation>GPU {value}</translation>
    </message>
    <message>
        <source>GPU memory {value}</source>
        <translation>GPU 显存 {value}</translation>
    </message>
    <message>
        <source>GPU: reading…</source>
        <translation>GPU：读取中…</translation>
    </message>
    <message>
        <source>GPU: n/a (no NVIDIA driver)</source>
        <translation>GPU：不可用（没有 NVIDIA 驱动）</translation>
    </message>
    <message>
        <source>GPU: n/a (the NVIDIA driver does not answer)</source>
        <translation>GPU：不可用（NVIDIA 驱动没有响应）</translation>
    </message>
    <message>
        <source>GPU: n/a (no NVIDIA GPU found)</source>
        <translation>GPU：不可用（未找到 NVIDIA GPU）</translation>
    </message>
    <message>
        <source>GPU: n/a (NVML error)</source>
        <translation>GPU：不可用（NVML 出错）</translation>
    </message>
    <message>
        <source>Put the monitor back in the page.</source>
        <translation>把监视器放回页面中。</translation>
    </message>
    <message>
        <source>Pop out</source>
        <translation>弹出</translation>
    </message>
    <message>
        <source>Open the monitor in a small window that stays on top, to watch your own training or another page.</source>
        <translation>在一个始终置顶的小窗口中打开监视器，以便观察你自己的训练或其他页面。</translation>
    </message>
</context>
<context>
    <name>MonitorFigures</name>
    <message>
        <source>This computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>GPU {index} · {name}</source>
        <translation>GPU {index} · {name}</translation>
    </message>
    <message>
        <source>n/a (GPU lost)</source>
        <translation>不可用（GPU 已丢失）</translation>
    </message>
    <message>
        <source>n/a ({reason})</source>
        <translation>不可用（{reason}）</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>stopped answering (lost)</source>
        <translation>不再响应（已丢失）</translation>
    </message>
    <message>
        <source>{v} %</source>
        <translation>{v} %</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>Memory controller</source>
        <translation>显存控制器</translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation>已用显存</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>{v} °C</source>
        <translation>{v} °C</translation>
    </message>
    <message>
        <source>Fan</source>
        <translation>风扇</translation>
    </message>
    <message>
        <source>{v} W</source>
        <translation>{v} W</translation>
    </message>
    <message>
        <source>{draw} W of {limit} W</source>
        <translation>{draw} W / {limit} W</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>{v} MHz</source>
        <translation>{v} MHz</translation>
    </message>
    <message>
        <source>Clocks</source>
        <translation>频率</translation>
    </message>
    <message>
        <source>SM {sm}, memory {memory}</source>
        <translation>SM {sm}，显存 {memory}</translation>
    </message>
    <message>
        <source>Performance state</source>
        <translation>性能状态</translation>
    </message>
    <message>
        <source>Held back by</source>
        <translation>降频原因</translation>
    </message>
    <message>
        <source>{v} MiB/s</source>
        <translation>{v} MiB/s</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>received {rx}, sent {tx}</source>
        <translation>接收 {rx}，发送 {tx}</translation>
    </message>
    <message>
        <source>{used} MiB</source>
        <translation>{used} MiB</translation>
    </message>
    <message>
        <source>{used} of {total} MiB ({percent} %)</source>
        <translation>{used} / {total} MiB（{percent} %）</translation>
    </message>
    <message>
        <source>nothing (full speed allowed)</source>
        <translation>无（允许全速运行）</translation>
    </message>
    <message>
        <source>{total} % ({cores} cores, the busiest at {busiest} %)</source>
        <translation>{total} %（{cores} 个核心，最忙的为 {busiest} %）</translation>
    </message>
    <message>
        <source>CPU {cpu} of one core, memory {rss}</source>
        <translation>CPU 占单核的 {cpu}，内存 {rss}</translation>
    </message>
    <message>
        <source>{v} MiB</source>
        <translation>{v} MiB</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>RAM used</source>
        <translation>已用内存</translation>
    </message>
    <message>
        <source>This app</source>
        <translation>本应用</translation>
    </message>
    <message>
        <source>NVIDIA driver</source>
        <translation>NVIDIA 驱动</translation>
    </message>
</context>
<context>
    <name>MonitorPage</name>
    <message>
        <source>Monitor</source>
        <translation>监视器</translation>
    </message>
    <message>
        <source>What the GPU, the CPU and the memory are doing now, and over the last minutes. Leave it open while TensorFlow runs to see the GPU work.</source>
        <translation>GPU、CPU 和内存现在以及过去几分钟的状态。TensorFlow 运行时保持此页打开，即可看到 GPU 在工作。</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Freeze the plots; sampling stops unless a CSV log is running.</source>
        <translation>冻结图表；除非正在记录 CSV，否则停止采样。</translation>
    </message>
    <message>
        <source>1 minute</source>
        <translation>1 分钟</translation>
    </message>
    <message>
        <source>5 minutes</source>
        <translation>5 分钟</translation>
    </message>
    <message>
        <source>10 minutes</source>
        <translation>10 分钟</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <source>How often the figures are read. Changing it starts the plots afresh.</source>
        <translation>读取数据的间隔。更改后图表会重新开始。</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the current figures as text, to paste into a chat or an issue.</source>
        <translation>把当前数据复制为文本，以便粘贴到聊天或 issue 中。</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Read every:</source>
        <translation>读取间隔：</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>The monitor could not start: {error}</source>
        <translation>监视器无法启动：{error}</translation>
    </message>
    <message>
        <source>Log the monitor to a CSV file</source>
        <translation>把监视数据记录到 CSV 文件</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Cannot log to a CSV file: {error}</source>
        <translation>无法记录到 CSV 文件：{error}</translation>
    </message>
    <message>
        <source>Logging to {path}: {rows} rows so far.</source>
        <translation>正在记录到 {path}：已写入 {rows} 行。</translation>
    </message>
    <message>
        <source>CSV logging stopped: {error}</source>
        <translation>CSV 记录已停止：{error}</translation>
    </message>
    <message>
        <source>Logged {rows} rows to {path}.</source>
        <translation>已将 {rows} 行记录到 {path}。</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Stop logging</source>
        <translation>停止记录</translation>
    </message>
    <message>
        <source>Log to CSV…</source>
        <translation>记录到 CSV…</translation>
    </message>
    <message>
        <source>Stop writing the CSV file.</source>
        <translation>停止写入 CSV 文件。</translation>
    </message>
    <message>
        <source>Write every reading to a CSV file (one row per GPU), readable by Excel, pandas or GPU-Z users.</source>
        <translation>把每次读数写入 CSV 文件（每个 GPU 一行），可用 Excel、pandas 打开，GPU-Z 用户也很熟悉。</translation>
    </message>
    <message>
        <source>More plots</source>
        <translation>更多图表</translation>
    </message>
    <message>
        <source>Also show the power, the clocks and the PCIe traffic.</source>
        <translation>同时显示功耗、频率和 PCIe 流量。</translation>
    </message>
    <message>
        <source>A CSV log is being written to {path}; closing stops it.</source>
        <translation>正在把 CSV 日志写入 {path}；关闭会停止记录。</translation>
    </message>
</context>
<context>
    <name>MonitorPlots</name>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>RAM used</source>
        <translation>已用内存</translation>
    </message>
    <message>
        <source>Utilisation, % (GPU: solid load, dashed memory controller)</source>
        <translation>利用率，%（GPU：实线为负载，虚线为显存控制器）</translation>
    </message>
    <message>
        <source>GPU memory used, MiB (the top of the plot is the GPU&apos;s total)</source>
        <translation>已用显存，MiB（图表顶部为 GPU 显存总量）</translation>
    </message>
    <message>
        <source>GPU temperature, °C (dashed: fan, %)</source>
        <translation>GPU 温度，°C（虚线：风扇，%）</translation>
    </message>
    <message>
        <source>GPU power, W (dashed: the power limit)</source>
        <translation>GPU 功耗，W（虚线：功耗上限）</translation>
    </message>
    <message>
        <source>GPU clocks, MHz (solid: SM, dashed: memory)</source>
        <translation>GPU 频率，MHz（实线：SM，虚线：显存）</translation>
    </message>
    <message>
        <source>PCIe traffic, MiB/s (solid: received, dashed: sent)</source>
        <translation>PCIe 流量，MiB/s（实线：接收，虚线：发送）</translation>
    </message>
    <message>
        <source>GPU {index} · {name}</source>
        <translation>GPU {index} · {name}</translation>
    </message>
    <message>
        <source>GPU {index}</source>
        <translation>GPU {index}</translation>
    </message>
    <message>
        <source>seconds before now</source>
        <translation>距现在的秒数</translation>
    </message>
</context>
<context>
    <name>MonitorWords</name>
    <message>
        <source>waiting for the first reading</source>
        <translation>正在等待第一次读数</translation>
    </message>
    <message>
        <source>connecting to the NVIDIA driver…</source>
        <translation>正在连接 NVIDIA 驱动…</translation>
    </message>
    <message>
        <source>the NVIDIA driver does not answer</source>
        <translation>NVIDIA 驱动没有响应</translation>
    </message>
    <message>
        <source>no NVIDIA card</source>
        <translation>没有 NVIDIA 显卡</translation>
    </message>
    <message>
        <source>no NVIDIA driver</source>
        <translation>没有 NVIDIA 驱动</translation>
    </message>
    <message>
        <source>the NVIDIA driver sees no GPU</source>
        <translation>NVIDIA 驱动找不到 GPU</translation>
    </message>
    <message>
        <source>NVML error</source>
        <translation>NVML 出错</translation>
    </message>
    <message>
        <source>the GPU stopped answering</source>
        <translation>GPU 不再响应</translation>
    </message>
    <message>
        <source>Connecting to the NVIDIA driver (NVML)… CPU and memory are measured meanwhile.</source>
        <translation>正在连接 NVIDIA 驱动（NVML）… 同时照常测量 CPU 和内存。</translation>
    </message>
    <message>
        <source>The NVIDIA driver does not answer: there are no GPU figures until it does. CPU and memory are still measured.</source>
        <translation>NVIDIA 驱动没有响应：在它响应之前没有 GPU 数据。CPU 和内存仍在测量。</translation>
    </message>
    <message>
        <source>This computer has no NVIDIA graphics card, so there are no GPU figures. CPU and memory are measured.</source>
        <translation>这台电脑没有 NVIDIA 显卡，因此没有 GPU 数据。CPU 和内存照常测量。</translation>
    </message>
    <message>
        <source>No NVIDIA driver was found, so there are no GPU figures. CPU and memory are still measured.</source>
        <translation>未找到 NVIDIA 驱动，因此没有 GPU 数据。CPU 和内存仍在测量。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is running but sees no GPU.</source>
        <translation>NVIDIA 驱动正在运行，但找不到 GPU。</translation>
    </message>
    <message>
        <source>NVML (the NVIDIA driver&apos;s monitoring library) failed, so there are no GPU figures.</source>
        <translation>NVML（NVIDIA 驱动的监控库）出错，因此没有 GPU 数据。</translation>
    </message>
    <message>
        <source>GPU {index} ({name}) stopped answering (lost: it fell off the bus or the driver was reset); its figures stop here.</source>
        <translation>GPU {index}（{name}）不再响应（已丢失：从总线上掉线或驱动被重置）；它的数据到此为止。</translation>
    </message>
    <message>
        <source>NVML says: {reason}</source>
        <translation>NVML 报告：{reason}</translation>
    </message>
    <message>
        <source>n/a ({reason})</source>
        <translation>不可用（{reason}）</translation>
    </message>
    <message>
        <source>GPU: n/a ({reason})</source>
        <translation>GPU：不可用（{reason}）</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不可用</translation>
    </message>
</context>
<context>
    <name>PageStatus</name>
    <message>
        <source>checking…</source>
        <translation>检查中…</translation>
    </message>
    <message>
        <source>not checked yet</source>
        <translation>尚未检查</translation>
    </message>
    <message>
        <source>the check was stopped</source>
        <translation>检查被中止</translation>
    </message>
    <message>
        <source>checked</source>
        <translation>已检查</translation>
    </message>
    <message>
        <source>waiting for the check</source>
        <translation>等待检查结果</translation>
    </message>
    <message>
        <source>no result yet</source>
        <translation>还没有结果</translation>
    </message>
    <message>
        <source>GPU ready</source>
        <translation>GPU 可用</translation>
    </message>
    <message>
        <source>GPU not ready: {n} steps to do</source>
        <translation>GPU 不可用：还有 {n} 步要做</translation>
    </message>
    <message>
        <source>working…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>fine</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>needs a look</source>
        <translation>需要看一下</translation>
    </message>
    <message>
        <source>a problem</source>
        <translation>有问题</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>something to read</source>
        <translation>有内容可看</translation>
    </message>
    <message>
        <source>nothing yet</source>
        <translation>暂无</translation>
    </message>
</context>
<context>
    <name>PageTitle</name>
    <message>
        <source>Benchmark</source>
        <translation>性能测试</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Explain an error</source>
        <translation>解读错误信息</translation>
    </message>
    <message>
        <source>Monitor</source>
        <translation>监视器</translation>
    </message>
    <message>
        <source>Your system</source>
        <translation>你的系统</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>欢迎</translation>
    </message>
    <message>
        <source>Do it for me</source>
        <translation>替我安装</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>PATH and libraries</source>
        <translation>PATH 与库路径</translation>
    </message>
    <message>
        <source>Profile my training</source>
        <translation>分析我的训练</translation>
    </message>
</context>
<context>
    <name>PathPage</name>
    <message>
        <source>Put CUDA on the search path</source>
        <translation>把 CUDA 加入搜索路径</translation>
    </message>
    <message>
        <source>TensorFlow finds the CUDA and cuDNN libraries through PATH (Windows) or LD_LIBRARY_PATH (Linux). Here you see the change first, then apply it with one click, and undo it with another.</source>
        <translation>TensorFlow 通过 PATH（Windows）或 LD_LIBRARY_PATH（Linux）查找 CUDA 和 cuDNN 库。这里先显示更改，一键应用，一键撤销。</translation>
    </message>
    <message>
        <source>CUDA folder (empty: the one the scan found for your TensorFlow)</source>
        <translation>CUDA 文件夹（留空：使用扫描为你的 TensorFlow 找到的那个）</translation>
    </message>
    <message>
        <source>cuDNN folder (empty: from the scan)</source>
        <translation>cuDNN 文件夹（留空：来自扫描）</translation>
    </message>
    <message>
        <source>Plan again</source>
        <translation>重新规划</translation>
    </message>
    <message>
        <source>Apply…</source>
        <translation>应用…</translation>
    </message>
    <message>
        <source>Shows the changes once more and asks; a backup is written first.</source>
        <translation>再次显示更改并询问；会先写入备份。</translation>
    </message>
    <message>
        <source>Undo selected change</source>
        <translation>撤销所选更改</translation>
    </message>
    <message>
        <source>Changes made by tfgpu</source>
        <translation>tfgpu 做过的更改</translation>
    </message>
    <message>
        <source>Nothing was changed.</source>
        <translation>没有做任何更改。</translation>
    </message>
    <message>
        <source>Not done: {error}</source>
        <translation>未完成：{error}</translation>
    </message>
    <message>
        <source>Applied and verified (change {id}). Open a new terminal or restart your editor to use it.</source>
        <translation>已应用并验证（更改 {id}）。打开新的终端或重启编辑器后生效。</translation>
    </message>
    <message>
        <source>Undone and verified (change {id}).</source>
        <translation>已撤销并验证（更改 {id}）。</translation>
    </message>
    <message>
        <source>Cannot apply: </source>
        <translation>无法应用：</translation>
    </message>
    <message>
        <source>What changes where: {places}. A backup of each goes to {folder} before anything is written.</source>
        <translation>将更改的位置：{places}。写入任何内容之前，每一处都会先备份到 {folder}。</translation>
    </message>
    <message>
        <source>Nothing to change here. Backups of earlier changes are in {folder}.</source>
        <translation>这里无需更改。之前更改的备份在 {folder}。</translation>
    </message>
</context>
<context>
    <name>PeakGauges</name>
    <message>
        <source>GPU matmul, float32</source>
        <translation>GPU 矩阵乘法，float32</translation>
    </message>
    <message>
        <source>GPU matmul, float16/bfloat16</source>
        <translation>GPU 矩阵乘法，float16/bfloat16</translation>
    </message>
    <message>
        <source>GPU memory bandwidth</source>
        <translation>GPU 显存带宽</translation>
    </message>
    <message>
        <source>CPU matmul, float32</source>
        <translation>CPU 矩阵乘法，float32</translation>
    </message>
    <message>
        <source>% of peak</source>
        <translation>占峰值的百分比</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>The peak of this hardware is not known, so there is no % of peak.</source>
        <translation>不知道这块硬件的峰值，所以没有峰值百分比。</translation>
    </message>
    <message>
        <source>{value}; peak unknown</source>
        <translation>{value}；峰值未知</translation>
    </message>
    <message>
        <source>{value} of {peak}</source>
        <translation>{value} / {peak}</translation>
    </message>
</context>
<context>
    <name>PlanView</name>
    <message>
        <source>+ added   − taken out   ~ moved here   (no mark: unchanged)</source>
        <translation>+ 新增   − 移出   ~ 移到此处   （无标记：未改变）</translation>
    </message>
</context>
<context>
    <name>ProcessTable</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>graphics</source>
        <translation>图形</translation>
    </message>
    <message>
        <source>compute and graphics</source>
        <translation>计算和图形</translation>
    </message>
    <message>
        <source>{mib} MiB</source>
        <translation>{mib} MiB</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>GPU {index}: stopped answering (lost), no process list.</source>
        <translation>GPU {index}：不再响应（已丢失），没有进程列表。</translation>
    </message>
    <message>
        <source>GPU {index}: NVML gives no process list ({reason}).</source>
        <translation>GPU {index}：NVML 不提供进程列表（{reason}）。</translation>
    </message>
    <message>
        <source>GPU {index}: NVML gives no process list.</source>
        <translation>GPU {index}：NVML 不提供进程列表。</translation>
    </message>
    <message>
        <source>GPU {index}: Windows (WDDM driver mode) does not tell how much GPU memory each process uses.</source>
        <translation>GPU {index}：Windows（WDDM 驱动模式）不提供每个进程使用的显存。</translation>
    </message>
    <message>
        <source>GPU {index}: no process is using it.</source>
        <translation>GPU {index}：没有进程在使用它。</translation>
    </message>
    <message>
        <source>No process list: {reason}.</source>
        <translation>没有进程列表：{reason}。</translation>
    </message>
</context>
<context>
    <name>ProfileController</name>
    <message>
        <source>the profile ended without a result</source>
        <translation>性能分析结束了，但没有结果</translation>
    </message>
</context>
<context>
    <name>ProfilePage</name>
    <message>
        <source>Profile my training</source>
        <translation>分析我的训练</translation>
    </message>
    <message>
        <source>Runs your own training script for a few steps and says where each step&apos;s time goes and what to change.</source>
        <translation>运行你自己的训练脚本若干步，告诉你每一步的时间花在哪里，以及该改什么。</translation>
    </message>
    <message>
        <source>waiting for input</source>
        <translation>等待输入数据</translation>
    </message>
    <message>
        <source>device compute</source>
        <translation>设备计算</translation>
    </message>
    <message>
        <source>host compute</source>
        <translation>主机计算</translation>
    </message>
    <message>
        <source>host↔device copies</source>
        <translation>主机↔设备拷贝</translation>
    </message>
    <message>
        <source>launch / idle</source>
        <translation>启动开销 / 空闲</translation>
    </message>
    <message>
        <source>compiling</source>
        <translation>编译</translation>
    </message>
    <message>
        <source>No script chosen</source>
        <translation>尚未选择脚本</translation>
    </message>
    <message>
        <source>Choose script…</source>
        <translation>选择脚本…</translation>
    </message>
    <message>
        <source>the script&apos;s arguments (optional)</source>
        <translation>脚本的参数（可选）</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the script and everything it started.</source>
        <translation>停止脚本及其启动的所有进程。</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>Python:</source>
        <translation>Python：</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>The script&apos;s last output:</source>
        <translation>脚本最后的输出：</translation>
    </message>
    <message>
        <source>Where the time goes</source>
        <translation>时间花在哪里</translation>
    </message>
    <message>
        <source>What to change</source>
        <translation>该改什么</translation>
    </message>
    <message>
        <source>Top ops</source>
        <translation>最耗时的算子</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Open the full trace in TensorBoard:</source>
        <translation>在 TensorBoard 中打开完整的跟踪记录：</translation>
    </message>
    <message>
        <source>No profile yet. 1. Choose your training script: the .py file you run to train (Model.fit, or a custom loop). 2. Pick the Python environment with TensorFlow to run it in. 3. Press Start. The script runs from its own folder for a few warm-up steps and a few traced steps, then it is stopped; here you will see where each step&apos;s time goes and what to change.</source>
        <translation>还没有性能分析结果。1. 选择你的训练脚本：就是你用来训练的那个 .py 文件（Model.fit 或自定义训练循环）。2. 选择装有 TensorFlow 的 Python 环境来运行它。3. 点击“开始”。脚本会在它自己的文件夹中运行几个预热步和几个跟踪步，然后被停止；之后这里会显示每一步的时间花在哪里，以及应该改什么。</translation>
    </message>
    <message>
        <source>A profile is running; closing stops the script.</source>
        <translation>正在进行性能分析；关闭会停止脚本。</translation>
    </message>
    <message>
        <source>Choose your training script</source>
        <translation>选择你的训练脚本</translation>
    </message>
    <message>
        <source>Python scripts (*.py *.pyw);;All files (*)</source>
        <translation>Python 脚本 (*.py *.pyw);;所有文件 (*)</translation>
    </message>
    <message>
        <source>{path} is not a Python script (.py): choose the training script itself.</source>
        <translation>{path} 不是 Python 脚本 (.py)：请选择训练脚本本身。</translation>
    </message>
    <message>
        <source>The arguments cannot be read: {error}</source>
        <translation>无法解析这些参数：{error}</translation>
    </message>
    <message>
        <source>Not started: that Python belongs to the current folder and runs only if you agree.</source>
        <translation>未开始：这个 Python 属于当前文件夹，只有在你同意后才会运行。</translation>
    </message>
    <message>
        <source>Starting the script in {python}…</source>
        <translation>正在用 {python} 启动脚本…</translation>
    </message>
    <message>
        <source>Stopping the script…</source>
        <translation>正在停止脚本…</translation>
    </message>
    <message>
        <source>GPU {util}% busy{memory}</source>
        <translation>GPU 占用 {util}%{memory}</translation>
    </message>
    <message>
        <source>step {step}: {ms} ms (traced)</source>
        <translation>第 {step} 步：{ms} ms（已跟踪）</translation>
    </message>
    <message>
        <source>step {step}: {ms} ms</source>
        <translation>第 {step} 步：{ms} ms</translation>
    </message>
    <message>
        <source>Tracing…</source>
        <translation>正在跟踪…</translation>
    </message>
    <message>
        <source>Reading the trace…</source>
        <translation>正在读取跟踪记录…</translation>
    </message>
    <message>
        <source>The profile could not finish: {error}.</source>
        <translation>性能分析未能完成：{error}。</translation>
    </message>
    <message>
        <source>Not profiled: {reason}</source>
        <translation>未能分析：{reason}</translation>
    </message>
    <message>
        <source>Profiled {steps} steps; a step takes {ms} ms (median).</source>
        <translation>已分析 {steps} 步；每步耗时 {ms} ms（中位数）。</translation>
    </message>
    <message>
        <source>the input pipeline: the device waits for data</source>
        <translation>输入流水线：设备在等待数据</translation>
    </message>
    <message>
        <source>the device&apos;s compute: it is busy, which is good</source>
        <translation>设备计算：设备一直在忙，这是好事</translation>
    </message>
    <message>
        <source>ops running on the host</source>
        <translation>在主机上运行的算子</translation>
    </message>
    <message>
        <source>copies between the host and the GPU</source>
        <translation>主机与 GPU 之间的拷贝</translation>
    </message>
    <message>
        <source>launch overhead and idle time: the steps are small</source>
        <translation>启动开销和空闲时间：每一步太小</translation>
    </message>
    <message>
        <source>compilation</source>
        <translation>编译</translation>
    </message>
    <message>
        <source>no part stands out</source>
        <translation>没有哪一部分特别突出</translation>
    </message>
    <message>
        <source>Bottleneck: {what}</source>
        <translation>瓶颈：{what}</translation>
    </message>
    <message>
        <source>GPU busy {mean}% on average, memory peak {memory} MiB</source>
        <translation>GPU 平均占用 {mean}%，显存峰值 {memory} MiB</translation>
    </message>
    <message>
        <source>No GPU was used: the CPU is the device.</source>
        <translation>没有使用 GPU：计算设备是 CPU。</translation>
    </message>
    <message>
        <source>Retracing warnings: {count}</source>
        <translation>重新追踪（retracing）警告：{count}</translation>
    </message>
    <message>
        <source>TensorBoard shows the trace in its Profile tab. TensorFlow 2.20 and newer install neither; in that Python: {command}</source>
        <translation>TensorBoard 在其 Profile 标签页中显示跟踪记录。TensorFlow 2.20 及更新版本不会安装 TensorBoard 及该标签页的插件；请在该 Python 中运行：{command}</translation>
    </message>
    <message>
        <source>Export the profile</source>
        <translation>导出性能分析结果</translation>
    </message>
    <message>
        <source>JSON (*.json);;Text (*.txt)</source>
        <translation>JSON (*.json);;文本 (*.txt)</translation>
    </message>
    <message>
        <source>Cannot write {path}: {error}</source>
        <translation>无法写入 {path}：{error}</translation>
    </message>
</context>
<context>
    <name>ProfileViews</name>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Self time</source>
        <translation>自身耗时</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Nothing to change: no part of the step stands out.</source>
        <translation>无需改动：这一步中没有哪一部分特别突出。</translation>
    </message>
    <message>
        <source>(guide)</source>
        <translation>（指南）</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Open the GPU memory page</source>
        <translation>打开“GPU 显存”页面</translation>
    </message>
</context>
<context>
    <name>PythonPicker</name>
    <message>
        <source>Other Python…</source>
        <translation>其他 Python…</translation>
    </message>
    <message>
        <source>Choose a Python interpreter</source>
        <translation>选择 Python 解释器</translation>
    </message>
    <message>
        <source>Python (python*);;All files (*)</source>
        <translation>Python (python*);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>ResultsTable</name>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Spread</source>
        <translation>波动</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>% of peak</source>
        <translation>峰值占比</translation>
    </message>
    <message>
        <source>vs CPU</source>
        <translation>相对 CPU</translation>
    </message>
    <message>
        <source>Δ vs previous</source>
        <translation>与之前相比 Δ</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>No figure</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>size reduced after running out of memory</source>
        <translation>内存不足，已缩小规模</translation>
    </message>
    <message>
        <source>median absolute deviation of the timed runs</source>
        <translation>计时运行的中位数绝对偏差</translation>
    </message>
    <message>
        <source>before: {before}, now: {after}</source>
        <translation>之前：{before}，现在：{after}</translation>
    </message>
</context>
<context>
    <name>RouteView</name>
    <message>
        <source>Not needed</source>
        <translation>不需要</translation>
    </message>
</context>
<context>
    <name>ScalingChart</name>
    <message>
        <source>devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>images/s</source>
        <translation>图像/秒</translation>
    </message>
    <message>
        <source>These devices are one CPU split in two: this checks that MirroredStrategy works here; it is not a speed measurement.</source>
        <translation>这些设备是把一颗 CPU 拆成了两个：这里只是检查 MirroredStrategy 能否运行，不是速度测量。</translation>
    </message>
    <message>
        <source>Bars: images per second on 1, 2, … devices. Dashed line: perfect scaling. The percentage is the scaling efficiency.</source>
        <translation>柱形：在 1、2……个设备上每秒处理的图像数。虚线：理想的线性扩展。百分比是扩展效率。</translation>
    </message>
</context>
<context>
    <name>ScanController</name>
    <message>
        <source>the scan ended without a result</source>
        <translation>扫描结束了，但没有得到结果</translation>
    </message>
</context>
<context>
    <name>ScanView</name>
    <message>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>有问题</translation>
    </message>
    <message>
        <source>Not supported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>TensorFlow in {python}</source>
        <translation>{python} 中的 TensorFlow</translation>
    </message>
    <message>
        <source>Operating system</source>
        <extracomment>The scan steps that have a section of their own, in the page&apos;s order.</extracomment>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>NVIDIA driver and GPUs</source>
        <translation>NVIDIA 驱动和显卡</translation>
    </message>
    <message>
        <source>CUDA toolkits</source>
        <translation>CUDA 工具包</translation>
    </message>
    <message>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <source>Python environments</source>
        <translation>Python 环境</translation>
    </message>
    <message>
        <source>Not supported on this system</source>
        <translation>此系统不支持</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>怎么做</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误信息</translation>
    </message>
    <message>
        <source>Reason code</source>
        <translation>原因代码</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>how this was found ({n})</source>
        <translation>检测依据（{n} 条）</translation>
    </message>
    <message>
        <source>Unknown system</source>
        <translation>未知系统</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>内部版本号</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Running inside WSL</source>
        <translation>运行在 WSL 中</translation>
    </message>
    <message>
        <source>yes, WSL {n}</source>
        <translation>是，WSL {n}</translation>
    </message>
    <message>
        <source>GPU passed through to WSL</source>
        <translation>显卡已直通到 WSL</translation>
    </message>
    <message>
        <source>WSL installed</source>
        <translation>已安装 WSL</translation>
    </message>
    <message>
        <source> (default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <source>WSL distro</source>
        <translation>WSL 发行版</translation>
    </message>
    <message>
        <source>{name}{default}: WSL {version}, {state}</source>
        <translation>{name}{default}：WSL {version}，{state}</translation>
    </message>
    <message>
        <source>GPU {index}</source>
        <translation>显卡 {index}</translation>
    </message>
    <message>
        <source>Compute capability</source>
        <translation>计算能力</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>{gib:.1f} GiB</source>
        <translation>{gib:.1f} GiB</translation>
    </message>
    <message>
        <source>Driver model</source>
        <translation>驱动模式</translation>
    </message>
    <message>
        <source>n/a: {why}</source>
        <translation>无法读取：{why}</translation>
    </message>
    <message>
        <source>UUID</source>
        <extracomment>GpuInfo fields shown as rows of a GPU (``unavailable`` reasons of other fields get a row of their own).</extracomment>
        <translation>UUID</translation>
    </message>
    <message>
        <source>PCI bus</source>
        <translation>PCI 总线</translation>
    </message>
    <message>
        <source>Power limit</source>
        <translation>功耗上限</translation>
    </message>
    <message>
        <source>Max graphics clock</source>
        <translation>最高核心频率</translation>
    </message>
    <message>
        <source>Max memory clock</source>
        <translation>最高显存频率</translation>
    </message>
    <message>
        <source>{watts:g} W</source>
        <translation>{watts:g} W</translation>
    </message>
    <message>
        <source>{mhz} MHz</source>
        <translation>{mhz} MHz</translation>
    </message>
    <message>
        <source>Driver {driver}, supports CUDA up to {cuda}</source>
        <translation>驱动 {driver}，最高支持 CUDA {cuda}</translation>
    </message>
    <message>
        <source>GPUs: {n}</source>
        <translation>显卡：{n} 块</translation>
    </message>
    <message>
        <source>No NVIDIA driver found</source>
        <translation>未找到 NVIDIA 驱动</translation>
    </message>
    <message>
        <source>Driver version</source>
        <translation>驱动版本</translation>
    </message>
    <message>
        <source>Highest CUDA this driver supports</source>
        <translation>此驱动支持的最高 CUDA 版本</translation>
    </message>
    <message>
        <source>Read through</source>
        <translation>读取方式</translation>
    </message>
    <message>
        <source>nvidia-smi</source>
        <translation>nvidia-smi</translation>
    </message>
    <message>
        <source>Installed: {versions}</source>
        <translation>已安装：{versions}</translation>
    </message>
    <message>
        <source>No CUDA toolkit found</source>
        <translation>未找到 CUDA 工具包</translation>
    </message>
    <message>
        <source>CUDA_PATH</source>
        <translation>CUDA_PATH</translation>
    </message>
    <message>
        <source>First on PATH</source>
        <translation>PATH 中排在最前</translation>
    </message>
    <message>
        <source>nvcc on PATH</source>
        <translation>PATH 中的 nvcc</translation>
    </message>
    <message>
        <source>CUDA {version}</source>
        <translation>CUDA {version}</translation>
    </message>
    <message>
        <source>Full version</source>
        <translation>完整版本</translation>
    </message>
    <message>
        <source>nvcc</source>
        <translation>nvcc</translation>
    </message>
    <message>
        <source>yes (entry {n})</source>
        <translation>是（第 {n} 项）</translation>
    </message>
    <message>
        <source>bin folder on PATH</source>
        <translation>bin 文件夹在 PATH 中</translation>
    </message>
    <message>
        <source>Found through</source>
        <translation>发现途径</translation>
    </message>
    <message>
        <source>No cuDNN found</source>
        <translation>未找到 cuDNN</translation>
    </message>
    <message>
        <source>cuDNN {version}</source>
        <translation>cuDNN {version}</translation>
    </message>
    <message>
        <source>Header</source>
        <translation>头文件</translation>
    </message>
    <message>
        <source>Inside CUDA toolkit</source>
        <translation>所在 CUDA 工具包</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>库文件</translation>
    </message>
    <message>
        <source>Check “{step}” failed</source>
        <translation>检查步骤“{step}”失败</translation>
    </message>
    <message>
        <source>Libraries load-tested</source>
        <translation>库加载测试</translation>
    </message>
    <message>
        <source>{loaded} of {n} could be loaded</source>
        <translation>{n} 个中有 {loaded} 个能加载</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>已加载</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>没有给出原因</translation>
    </message>
    <message>
        <source>cannot be loaded: {why}</source>
        <translation>无法加载：{why}</translation>
    </message>
    <message>
        <source>Installed more than once</source>
        <translation>重复安装</translation>
    </message>
    <message>
        <source>{name}: versions {versions}</source>
        <translation>{name}：版本 {versions}</translation>
    </message>
    <message>
        <source>TensorFlow</source>
        <translation>TensorFlow</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>Import error</source>
        <translation>导入错误</translation>
    </message>
    <message>
        <source>Why no GPU</source>
        <translation>为什么没有 GPU</translation>
    </message>
    <message>
        <source>Not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>Something is wrong here</source>
        <translation>这里有问题</translation>
    </message>
    <message>
        <source>missing (cuDNN 8.3 and later needs it)</source>
        <translation>缺失（cuDNN 8.3 及以上需要它）</translation>
    </message>
    <message>
        <source>GPUs seen: {n}</source>
        <translation>识别到的 GPU：{n} 块</translation>
    </message>
    <message>
        <source>GPU ready</source>
        <translation>GPU 可用</translation>
    </message>
    <message>
        <source>No GPU</source>
        <translation>没有 GPU</translation>
    </message>
    <message>
        <source>yes: CUDA {cuda}, cuDNN {cudnn}</source>
        <translation>是：CUDA {cuda}，cuDNN {cudnn}</translation>
    </message>
    <message>
        <source>no: this TensorFlow can only use the CPU</source>
        <translation>否：这个 TensorFlow 只能使用 CPU</translation>
    </message>
    <message>
        <source>Missing libraries</source>
        <translation>缺少的库</translation>
    </message>
    <message>
        <source>GPUs seen: unknown</source>
        <translation>识别到的 GPU：未知</translation>
    </message>
    <message>
        <source>GPU unknown</source>
        <translation>GPU 未知</translation>
    </message>
    <message>
        <source>TensorFlow did not list its GPUs and gave no reason</source>
        <translation>TensorFlow 没有列出它的 GPU，也没有说明原因</translation>
    </message>
    <message>
        <source>Built with CUDA</source>
        <translation>带 CUDA 编译</translation>
    </message>
    <message>
        <source>GPU seen</source>
        <translation>识别到的 GPU</translation>
    </message>
    <message>
        <source>CUDA libraries loaded</source>
        <translation>已加载的 CUDA 库</translation>
    </message>
    <message>
        <source>NVIDIA pip packages</source>
        <translation>NVIDIA 的 pip 包</translation>
    </message>
    <message>
        <source>Python {details}</source>
        <translation>Python {details}</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>this is the Python running this app</source>
        <translation>这是正在运行本程序的 Python</translation>
    </message>
    <message>
        <source>Prefix</source>
        <translation>环境目录</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>位数</translation>
    </message>
    <message>
        <source>Pythons: {envs} · with TensorFlow: {tf} · TensorFlow sees a GPU: {gpu}</source>
        <translation>Python：{envs} 个 · 装有 TensorFlow：{tf} 个 · TensorFlow 识别到 GPU：{gpu} 个</translation>
    </message>
    <message>
        <source>No Python found</source>
        <translation>未找到 Python</translation>
    </message>
    <message>
        <source>Python and TensorFlow</source>
        <translation>Python 与 TensorFlow</translation>
    </message>
    <message>
        <source>Why unknown</source>
        <translation>为什么未知</translation>
    </message>
    <message>
        <source>No TensorFlow</source>
        <translation>没有 TensorFlow</translation>
    </message>
    <message>
        <source>Microsoft Store placeholder</source>
        <translation>Microsoft Store 占位程序</translation>
    </message>
    <message>
        <source>Typing “python” in a terminal opens the Microsoft Store instead of running a Python ({path}).</source>
        <translation>在终端里输入“python”会打开 Microsoft Store，而不是运行 Python（{path}）。</translation>
    </message>
    <message>
        <source>TF GPU Assistant {version}: system check of {when} ({seconds:.1f} s)</source>
        <translation>TF GPU 助手 {version}：{when} 的系统检查（用时 {seconds:.1f} 秒）</translation>
    </message>
    <message>
        <source>The check was stopped before the end; some results are missing.</source>
        <translation>检查在完成前被停止，部分结果缺失。</translation>
    </message>
    <message>
        <source>Inside WSL 2</source>
        <translation>WSL 2 内部</translation>
    </message>
    <message>
        <source>Distros: {distros} · TensorFlow sees a GPU in: {ready}</source>
        <translation>发行版：{distros} · TensorFlow 能看到 GPU 的：{ready}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Pythons: {n}</source>
        <translation>Python：{n} 个</translation>
    </message>
    <message>
        <source>nvidia-smi inside WSL</source>
        <translation>WSL 内的 nvidia-smi</translation>
    </message>
</context>
<context>
    <name>ShellMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>转到(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>上一页</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>下一页</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>跟随系统语言</translation>
    </message>
    <message>
        <source>Glossary…</source>
        <translation>术语表…</translation>
    </message>
</context>
<context>
    <name>SpeedupChart</name>
    <message>
        <source>No speed-ups yet: they appear when a run has both halves of a pair (GPU and CPU, float16 and float32, XLA on and off).</source>
        <translation>暂无加速比：一次运行同时测到一对结果（GPU 与 CPU、float16 与 float32、XLA 开与关）时才会显示。</translation>
    </message>
    <message>
        <source>GPU vs CPU</source>
        <translation>GPU 对比 CPU</translation>
    </message>
    <message>
        <source>lower precision vs float32</source>
        <translation>低精度对比 float32</translation>
    </message>
    <message>
        <source>XLA on vs off</source>
        <translation>XLA 开对比关</translation>
    </message>
    <message>
        <source>baseline (1x)</source>
        <translation>基准（1 倍）</translation>
    </message>
    <message>
        <source>Speed-ups (times as fast as the baseline, log scale)</source>
        <translation>加速比（相对基准的倍数，对数刻度）</translation>
    </message>
    <message>
        <source>{test}: GPU vs CPU</source>
        <translation>{test}：GPU 对比 CPU</translation>
    </message>
    <message>
        <source>{test}: {contender} vs {baseline}</source>
        <translation>{test}：{contender} 对比 {baseline}</translation>
    </message>
</context>
<context>
    <name>StepCard</name>
    <message>
        <source>Fix this first</source>
        <translation>先解决这个</translation>
    </message>
    <message>
        <source>Done: {check}</source>
        <translation>已完成：{check}</translation>
    </message>
    <message>
        <source>(Re-check cannot see this step; check it yourself.)</source>
        <translation>（重新检查看不到这一步，请自己确认。）</translation>
    </message>
</context>
<context>
    <name>StepRow</name>
    <message>
        <source>administrator rights</source>
        <translation>管理员权限</translation>
    </message>
    <message>
        <source>restart</source>
        <translation>需要重启</translation>
    </message>
    <message>
        <source>by hand</source>
        <translation>手动完成</translation>
    </message>
</context>
<context>
    <name>SystemPage</name>
    <message>
        <source>Your system</source>
        <translation>你的系统</translation>
    </message>
    <message>
        <source>We look at the graphics driver, CUDA, cuDNN and every Python on this computer. Nothing is installed or changed.</source>
        <translation>我们会检查显卡驱动、CUDA、cuDNN，以及这台电脑上的每一个 Python。不会安装或修改任何东西。</translation>
    </message>
    <message>
        <source>What</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Select a line above to read it in full here.</source>
        <translation>在上方选中一行，即可在这里查看完整内容。</translation>
    </message>
    <message>
        <source>Re-check</source>
        <translation>重新检查</translation>
    </message>
    <message>
        <source>Run every check again, e.g. after you changed something.</source>
        <translation>重新运行所有检查，例如在你修改了某些设置之后。</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>复制为文本</translation>
    </message>
    <message>
        <source>Copy the whole result, to paste into a chat or an issue.</source>
        <translation>复制完整结果，方便粘贴到聊天或问题报告（issue）里。</translation>
    </message>
    <message>
        <source>Ready to check this computer.</source>
        <translation>准备检查这台电脑。</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Checking your computer… this takes a few seconds, up to a minute.</source>
        <translation>正在检查你的电脑…需要几秒钟，最多一分钟。</translation>
    </message>
    <message>
        <source>%v of %m checks done</source>
        <translation>已完成 %v / %m 项检查</translation>
    </message>
    <message>
        <source>Done: {step}</source>
        <translation>已完成：{step}</translation>
    </message>
    <message>
        <source>The result could not be shown: {error}. Click Re-check to try again; if it keeps failing, please report it.</source>
        <translation>检查结果无法显示：{error}。点击“重新检查”再试一次；如果一直失败，请报告这个问题。</translation>
    </message>
    <message>
        <source>The check was stopped; some results are missing. Click Re-check to run it again.</source>
        <translation>检查已停止，部分结果缺失。点击“重新检查”可再次运行。</translation>
    </message>
    <message>
        <source>Check finished in {seconds:.1f} s.</source>
        <translation>检查完成，用时 {seconds:.1f} 秒。</translation>
    </message>
    <message>
        <source>No problem found in these checks.</source>
        <translation>这些检查都没有发现问题。</translation>
    </message>
    <message numerus="yes">
        <source>%n part(s) need your attention: select one to read what to do.</source>
        <translation>
            <numerusform>有 %n 项需要注意：选中一项即可查看该怎么做。</numerusform>
        </translation>
    </message>
    <message>
        <source>The check could not finish: {error}. Click Re-check to try again; if it keeps failing, please report it.</source>
        <translation>检查未能完成：{error}。点击“重新检查”再试一次；如果一直失败，请报告这个问题。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>Found; now asking TensorFlow in each one whether it sees the GPU…</source>
        <translation>已找到；正在逐个询问其中的 TensorFlow 能否识别到 GPU…</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>已检查</translation>
    </message>
    <message>
        <source>TensorFlow checked in {done} of {total} Pythons…</source>
        <translation>已在 {done} / {total} 个 Python 中检查 TensorFlow…</translation>
    </message>
    <message>
        <source>Check the Python in this folder</source>
        <translation>检查此文件夹中的 Python</translation>
    </message>
    <message>
        <source>A Python of the folder tfgpu was started in was found but not run: running it runs that folder&apos;s code. Check it only if you trust the folder.</source>
        <translation>在启动 tfgpu 的文件夹中找到了一个 Python，但没有运行它：运行它就会运行该文件夹中的代码。只有在信任该文件夹时才检查它。</translation>
    </message>
    <message>
        <source>Run the Python of this folder?</source>
        <translation>运行此文件夹中的 Python？</translation>
    </message>
    <message>
        <source>These interpreters belong to the folder tfgpu was started in:

{paths}

Checking them runs them, and with them any code that folder holds. Only continue if you trust where this folder came from.</source>
        <translation>这些解释器属于启动 tfgpu 的文件夹：

{paths}

检查它们就会运行它们，以及该文件夹中的任何代码。只有在信任该文件夹的来源时才继续。</translation>
    </message>
    <message>
        <source>Show technical details</source>
        <translation>显示技术细节</translation>
    </message>
    <message>
        <source>Also show reason codes, raw errors and how each part was found.</source>
        <translation>同时显示原因代码、原始错误信息以及每一项是怎么找到的。</translation>
    </message>
</context>
<context>
    <name>TargetChooser</name>
    <message>
        <source>Your user environment (all programs you start)</source>
        <translation>你的用户环境（你启动的所有程序）</translation>
    </message>
    <message>
        <source>Your shell profile (bash/zsh)</source>
        <translation>你的 shell 配置文件（bash/zsh）</translation>
    </message>
    <message>
        <source>Only this conda environment, when activated</source>
        <translation>仅此 conda 环境（激活时）</translation>
    </message>
    <message>
        <source>Only this venv, when activated</source>
        <translation>仅此 venv（激活时）</translation>
    </message>
    <message>
        <source>Python environment:</source>
        <translation>Python 环境：</translation>
    </message>
    <message>
        <source>Where:</source>
        <translation>位置：</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>{kind} Python {version}</source>
        <translation>{kind} Python {version}</translation>
    </message>
    <message>
        <source>from the current folder (asks before it runs)</source>
        <translation>来自当前文件夹（运行前会询问）</translation>
    </message>
    <message>
        <source>TensorFlow {version}</source>
        <translation>TensorFlow {version}</translation>
    </message>
</context>
<context>
    <name>VerdictHeader</name>
    <message>
        <source>for</source>
        <translation>环境：</translation>
    </message>
    <message>
        <source>Checking this computer…</source>
        <translation>正在检查这台电脑…</translation>
    </message>
    <message>
        <source>The verdict appears here in a few seconds. Meanwhile every page can be used.</source>
        <translation>几秒钟后结论会显示在这里。在此期间每个页面都可以使用。</translation>
    </message>
    <message>
        <source>Not checked yet</source>
        <translation>尚未检查</translation>
    </message>
    <message>
        <source>Check this computer to see whether TensorFlow can use its GPU.</source>
        <translation>检查这台电脑，看看 TensorFlow 能否使用它的 GPU。</translation>
    </message>
    <message>
        <source>Check this computer</source>
        <translation>检查这台电脑</translation>
    </message>
    <message>
        <source>GPU ready: unknown</source>
        <translation>GPU 可用：未知</translation>
    </message>
    <message>
        <source>The diagnosis failed; the Diagnosis page says more.</source>
        <translation>诊断失败；“诊断”页面有更多信息。</translation>
    </message>
    <message>
        <source>GPU ready: yes</source>
        <translation>GPU 可用：是</translation>
    </message>
    <message>
        <source>TensorFlow lists your GPU in this environment.</source>
        <translation>在这个环境中，TensorFlow 能识别到你的 GPU。</translation>
    </message>
    <message>
        <source>GPU ready: no</source>
        <translation>GPU 可用：否</translation>
    </message>
    <message>
        <source>What stops it: {blocker}</source>
        <translation>原因：{blocker}</translation>
    </message>
    <message>
        <source>checking again…</source>
        <translation>正在重新检查…</translation>
    </message>
    <message>
        <source>last checked {when}</source>
        <translation>上次检查于 {when}</translation>
    </message>
    <message>
        <source>Next: {step}</source>
        <translation>下一步：{step}</translation>
    </message>
    <message>
        <source>Opens the step with its exact commands.</source>
        <translation>打开这一步，里面有要执行的完整命令。</translation>
    </message>
    <message>
        <source>The Python environment the verdict and the steps are for.</source>
        <translation>结论和步骤所针对的 Python 环境。</translation>
    </message>
    <message>
        <source>TensorFlow {version}</source>
        <translation>TensorFlow {version}</translation>
    </message>
    <message>
        <source>no TensorFlow</source>
        <translation>没有 TensorFlow</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>Welcome to TF GPU Assistant</source>
        <translation>欢迎使用 TF GPU 助手</translation>
    </message>
    <message>
        <source>From “I have an NVIDIA card” to “TensorFlow runs on it”.</source>
        <translation>从“我有一块 NVIDIA 显卡”到“TensorFlow 在它上面跑起来”。</translation>
    </message>
    <message>
        <source>What this app does</source>
        <translation>这个程序做什么</translation>
    </message>
    <message>
        <source>TensorFlow needs several pieces to use your graphics card: the NVIDIA driver, the CUDA and cuDNN libraries in versions that match, and a Python in which TensorFlow is installed. This app checks each of them on this computer.</source>
        <translation>TensorFlow 要用上你的显卡，需要几样东西：NVIDIA 驱动、版本相互匹配的 CUDA 和 cuDNN 库，以及一个装有 TensorFlow 的 Python。本程序会在这台电脑上逐一检查它们。</translation>
    </message>
    <message>
        <source>What you get</source>
        <translation>你会得到什么</translation>
    </message>
    <message>
        <source>When something is missing or does not match, it tells you why in plain words and what to do about it. After each fix, one click checks again.</source>
        <translation>如果缺了什么或者版本对不上，它会用通俗的话告诉你原因，以及该怎么解决。每修好一处，点一下就能重新检查。</translation>
    </message>
    <message>
        <source>What happens next</source>
        <translation>接下来会发生什么</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The app is already looking at this computer: the driver, CUDA, cuDNN and every Python it can find, and it starts TensorFlow in each of them to ask whether it sees the GPU. This takes a few seconds, up to a minute. Nothing is installed or changed. The verdict and your next step appear at the top of every page.</source>
        <translation>本应用已经在检查这台电脑：驱动、CUDA、cuDNN 以及能找到的每一个 Python，并在每个 Python 中启动 TensorFlow，询问它能否看到 GPU。这需要几秒钟，最多一分钟。不会安装或修改任何东西。结论和你的下一步会显示在每个页面的顶部。</translation>
    </message>
    <message>
        <source>Finding your way</source>
        <translation>如何使用</translation>
    </message>
    <message>
        <source>Every page is in the list on the left: open any of them at any time, e.g. &lt;b&gt;Explain an error&lt;/b&gt; while the check runs. &lt;b&gt;Next&lt;/b&gt; and &lt;b&gt;Back&lt;/b&gt; walk through them in order (Alt+Right, Alt+Left). Words like CUDA or WDDM are explained in &lt;b&gt;Help &amp;gt; Glossary&lt;/b&gt; and in their tooltips.</source>
        <translation>所有页面都在左侧列表中，随时可以打开任何一个，例如在检查进行时打开&lt;b&gt;解读错误信息&lt;/b&gt;。&lt;b&gt;下一步&lt;/b&gt;和&lt;b&gt;上一步&lt;/b&gt;按顺序逐页浏览（Alt+右方向键、Alt+左方向键）。CUDA、WDDM 等术语在&lt;b&gt;帮助 &amp;gt; 术语表&lt;/b&gt;和它们的提示中有解释。</translation>
    </message>
    <message>
        <source>The app speaks English and Simplified Chinese and follows your system language. Choose another in the &lt;b&gt;Language&lt;/b&gt; menu; the app remembers it.</source>
        <translation>本应用支持英文和简体中文，默认跟随系统语言。可以在&lt;b&gt;语言&lt;/b&gt;菜单中切换；应用会记住你的选择。</translation>
    </message>
</context>
<context>
    <name>WindowAction</name>
    <message>
        <source>Export diagnostics…</source>
        <translation>导出诊断信息…</translation>
    </message>
</context>
<context>
    <name>core</name>
    <message>
        <source>This is a bug in tfgpu; the rest of the scan is still valid.</source>
        <translation>这是 tfgpu 自身的程序错误（bug）；其余的检查结果仍然有效。</translation>
    </message>
    <message>
        <source>No CUDA toolkit was found. Linux TensorFlow installed with pip (tensorflow[and-cuda]) brings its own CUDA libraries and does not need one; native Windows TensorFlow needs the toolkit version it was built for.</source>
        <translation>没有找到 CUDA 工具包。在 Linux 上用 pip 安装的 TensorFlow（tensorflow[and-cuda]）自带 CUDA 库，不需要单独安装工具包；原生 Windows 版 TensorFlow 则需要安装它编译时所用版本的工具包。</translation>
    </message>
    <message>
        <source>CUDA_PATH points to {path}, which is not a CUDA toolkit (it was probably uninstalled). Point it at an installed toolkit or remove it.</source>
        <translation>CUDA_PATH 指向 {path}，但那里不是 CUDA 工具包（很可能已被卸载）。请把它改为指向已安装的工具包，或者删除这个变量。</translation>
    </message>
    <message>
        <source>cuDNN for TensorFlow exists only for Windows and Linux.</source>
        <translation>供 TensorFlow 使用的 cuDNN 只有 Windows 和 Linux 版本。</translation>
    </message>
    <message>
        <source>No cuDNN library was found. On Linux, tensorflow[and-cuda] installs cuDNN as a pip package inside the Python environment (not checked here). On Windows, copy cuDNN&apos;s bin, include and lib files into the CUDA toolkit folder, or add its bin folder to PATH.</source>
        <translation>没有找到 cuDNN 库。在 Linux 上，tensorflow[and-cuda] 会把 cuDNN 作为 pip 包装进 Python 环境里（这里不检查）。在 Windows 上，请把 cuDNN 的 bin、include 和 lib 文件复制到 CUDA 工具包文件夹中，或者把它的 bin 文件夹加入 PATH。</translation>
    </message>
    <message>
        <source>cuDNN is installed in {folder}, but that folder is not on PATH.</source>
        <translation>cuDNN 安装在 {folder}，但这个文件夹不在 PATH 中。</translation>
    </message>
    <message>
        <source>This cuDNN needs zlibwapi.dll, which was not found. Put it in a folder on PATH.</source>
        <translation>这个版本的 cuDNN 需要 zlibwapi.dll，但没有找到它。请把它放到 PATH 中的某个文件夹里。</translation>
    </message>
    <message>
        <source>zlibwapi.dll is in {folder}, which is not on PATH or in System32.</source>
        <translation>zlibwapi.dll 位于 {folder}，但这个文件夹既不在 PATH 中，也不是 System32。</translation>
    </message>
    <message>
        <source>No NVIDIA driver is installed: its management library (nvml.dll on Windows, libnvidia-ml.so.1 on Linux) is not on this computer. Install the NVIDIA driver for your GPU from nvidia.com, restart, then re-check.</source>
        <translation>没有安装 NVIDIA 驱动：这台电脑上没有它的管理库（Windows 上是 nvml.dll，Linux 上是 libnvidia-ml.so.1）。请从 nvidia.com 下载适合你显卡的 NVIDIA 驱动并安装，重启电脑，然后重新检查。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is installed but not running. On Linux this usually happens after a kernel update when the driver module was not rebuilt for the new kernel: install DKMS and reinstall the driver (or boot the previous kernel), then restart. On Windows, reinstall the driver and restart.</source>
        <translation>NVIDIA 驱动已安装，但没有在运行。在 Linux 上，这通常发生在内核更新后、驱动模块没有为新内核重新编译的时候：请安装 DKMS 并重新安装驱动（或者改用之前的内核启动），然后重启。在 Windows 上，请重新安装驱动并重启。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is running but sees no GPU. Check that the card is enabled (BIOS, Device Manager, a laptop&apos;s hybrid-graphics setting) and, in a container or VM, that the GPU was passed through.</source>
        <translation>NVIDIA 驱动正在运行，但没有识别到任何 GPU。请检查显卡是否已启用（BIOS、设备管理器、笔记本电脑的混合显卡/双显卡设置）；如果是在容器或虚拟机里，请确认 GPU 已直通进去。</translation>
    </message>
    <message>
        <source>The NVIDIA driver was updated but the old driver is still loaded, so the two halves do not match. Restart the computer.</source>
        <translation>NVIDIA 驱动已经更新，但旧驱动仍处于加载状态，新旧两部分版本对不上。请重启电脑。</translation>
    </message>
    <message>
        <source>This user is not allowed to talk to the NVIDIA driver (or to run nvidia-smi). Try again as an administrator/root; in a container, start it with GPU access (e.g. docker --gpus all).</source>
        <translation>当前用户无权访问 NVIDIA 驱动（或无权运行 nvidia-smi）。请以管理员/root 身份重试；如果是在容器里，请在启动容器时开启 GPU 访问（例如 docker --gpus all）。</translation>
    </message>
    <message>
        <source>nvidia-smi ran but its answer could not be understood. Its raw output is kept with this result; reinstalling the NVIDIA driver usually fixes a broken nvidia-smi.</source>
        <translation>nvidia-smi 运行了，但无法理解它的输出。原始输出已随本结果一并保存；重新安装 NVIDIA 驱动通常可以修复出错的 nvidia-smi。</translation>
    </message>
    <message>
        <source>nvidia-smi did not answer in time, so the driver or the GPU is stuck. Close programs using the GPU and restart the computer.</source>
        <translation>nvidia-smi 没有及时响应，说明驱动或 GPU 卡住了。请关闭正在使用 GPU 的程序，然后重启电脑。</translation>
    </message>
    <message>
        <source>The NVIDIA driver did not answer in time, so it or the GPU is stuck. Close programs using the GPU and restart the computer.</source>
        <translation>NVIDIA 驱动没有及时响应，说明驱动或 GPU 卡住了。请关闭正在使用 GPU 的程序，然后重启电脑。</translation>
    </message>
    <message>
        <source>The NVIDIA driver reported an error. Restart the computer; if it persists, reinstall the NVIDIA driver.</source>
        <translation>NVIDIA 驱动报告了一个错误。请重启电脑；如果问题依旧，请重新安装 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>Neither NVIDIA&apos;s management library nor nvidia-smi could be used, so no NVIDIA driver was found. If this computer has an NVIDIA GPU, install its driver from nvidia.com.</source>
        <translation>NVIDIA 的管理库和 nvidia-smi 都无法使用，所以没有找到 NVIDIA 驱动。如果这台电脑装有 NVIDIA 显卡，请从 nvidia.com 安装它的驱动。</translation>
    </message>
    <message>
        <source>NVIDIA GPUs with TensorFlow are supported on Windows and Linux only.</source>
        <translation>只有 Windows 和 Linux 支持用 NVIDIA GPU 运行 TensorFlow。</translation>
    </message>
    <message>
        <source>WSL 1 cannot use the GPU; convert this distro with `wsl --set-version &lt;distro&gt; 2`.</source>
        <translation>WSL 1 无法使用 GPU；请运行 `wsl --set-version &lt;distro&gt; 2`（把 &lt;distro&gt; 换成发行版名称），把这个发行版转换为 WSL 2。</translation>
    </message>
    <message>
        <source>Python {version} is too old for TensorFlow checks (needs {min_python}+); use a newer Python for TensorFlow.</source>
        <extracomment>The reason of an environment found only through the current folder and not run (no consent).</extracomment>
        <translation>Python {version} 太旧，无法进行 TensorFlow 检查（需要 {min_python} 及以上）；请用更新的 Python 来运行 TensorFlow。</translation>
    </message>
    <message>
        <source>This interpreter is listed but no longer exists (left behind by an uninstall).</source>
        <translation>这个解释器仍被列出，但实际已经不存在了（卸载后遗留的记录）。</translation>
    </message>
    <message>
        <source>This file cannot be run: it is not marked as a program, or this user may not run it.</source>
        <translation>这个文件无法运行：它没有被标记为可执行程序，或者当前用户无权运行它。</translation>
    </message>
    <message>
        <source>This interpreter did not answer in time; it may hang on start-up.</source>
        <translation>这个解释器没有及时响应；它可能在启动时卡住了。</translation>
    </message>
    <message>
        <source>This program is named like Python but did not answer like one.</source>
        <translation>这个程序的名字像 Python，但它的响应不像 Python。</translation>
    </message>
    <message>
        <source>No Python was found. Install Python from python.org (3.10 for TensorFlow 2.10 on Windows).</source>
        <translation>没有找到 Python。请从 python.org 安装 Python（如果要在 Windows 上使用 TensorFlow 2.10，请选 3.10）。</translation>
    </message>
    <message>
        <source>Pythons were found but none of them could be used; see each entry.</source>
        <translation>找到了 Python，但没有一个能用；请查看每一项的详情。</translation>
    </message>
    <message>
        <source>The check was cancelled; run it again.</source>
        <translation>检查已取消；请重新运行。</translation>
    </message>
    <message>
        <source>This file could not be run as a Python interpreter.</source>
        <translation>这个文件无法作为 Python 解释器运行。</translation>
    </message>
    <message>
        <source>TensorFlow did not answer in time. Close other programs using the GPU and re-check; if it keeps hanging, run `python -c &quot;import tensorflow&quot;` in that environment to see where.</source>
        <translation>TensorFlow 没有及时响应。请关闭其他正在使用 GPU 的程序，然后重新检查；如果仍然卡住，请在该环境中运行 `python -c &quot;import tensorflow&quot;`，看看卡在哪里。</translation>
    </message>
    <message>
        <source>The checker and its helper script do not match; reinstall TF GPU Assistant.</source>
        <translation>检查程序与它的辅助脚本版本不匹配；请重新安装 TF GPU 助手。</translation>
    </message>
    <message>
        <source>This program printed something that is not the checker&apos;s answer; is it really a Python interpreter?</source>
        <translation>这个程序输出了一些不属于检查程序应答的内容；它真的是 Python 解释器吗？</translation>
    </message>
    <message>
        <source>This program ran but said nothing; it is not a Python interpreter.</source>
        <translation>这个程序运行了，但没有任何输出；它不是 Python 解释器。</translation>
    </message>
    <message>
        <source>TensorFlow is not installed in this environment.</source>
        <translation>这个环境中没有安装 TensorFlow。</translation>
    </message>
    <message>
        <source>`import tensorflow` fails in this environment; the exact error is below.</source>
        <translation>在这个环境中 `import tensorflow` 失败；具体错误见下方。</translation>
    </message>
    <message>
        <source>The checker&apos;s answer could not be read.</source>
        <translation>无法读取检查程序的应答。</translation>
    </message>
    <message>
        <source>TensorFlow imported, but asking it for its GPUs failed, so whether it sees one is unknown. The error below is TensorFlow&apos;s own; re-check after closing other programs that use the GPU.</source>
        <translation>TensorFlow 已成功导入，但向它查询 GPU 时出错，因此无法确定它能否识别到 GPU。下面是 TensorFlow 自己给出的错误信息；请关闭其他正在使用 GPU 的程序后重新检查。</translation>
    </message>
    <message>
        <source>This Python is too old to check (the checker needs {min_python} or newer). Use a newer Python environment for TensorFlow.</source>
        <translation>这个 Python 太旧，无法检查（检查程序需要 {min_python} 或更新版本）。请为 TensorFlow 使用更新的 Python 环境。</translation>
    </message>
    <message>
        <source>TensorFlow crashed on a CPU instruction: this processor lacks an instruction set the build needs.</source>
        <translation>TensorFlow 在执行某条 CPU 指令时崩溃：这台电脑的处理器缺少这个 TensorFlow 版本所需的指令集。</translation>
    </message>
    <message>
        <source>The helper process crashed before answering; the last TensorFlow log lines usually say why. Try `python -c &quot;import tensorflow&quot;` in that environment.</source>
        <translation>辅助进程在给出应答之前就崩溃了；TensorFlow 日志的最后几行通常会说明原因。请在该环境中运行 `python -c &quot;import tensorflow&quot;` 试试。</translation>
    </message>
    <message>
        <source>No NVIDIA GPU found</source>
        <translation>没有找到 NVIDIA GPU</translation>
    </message>
    <message>
        <source>No working NVIDIA driver</source>
        <translation>没有可用的 NVIDIA 驱动</translation>
    </message>
    <message>
        <source>NVIDIA driver and its library do not match</source>
        <translation>NVIDIA 驱动与它的库版本不匹配</translation>
    </message>
    <message>
        <source>WSL cannot see the Windows GPU</source>
        <translation>WSL 看不到 Windows 的 GPU</translation>
    </message>
    <message>
        <source>The container cannot reach the GPU</source>
        <translation>容器无法访问 GPU</translation>
    </message>
    <message>
        <source>TensorFlow 2.11+ has no GPU support on native Windows</source>
        <translation>TensorFlow 2.11 及以上版本在原生 Windows 上不支持 GPU</translation>
    </message>
    <message>
        <source>The tensorflow-gpu package no longer exists</source>
        <translation>tensorflow-gpu 这个包已经不再提供</translation>
    </message>
    <message>
        <source>32-bit Python cannot run TensorFlow</source>
        <translation>32 位 Python 无法运行 TensorFlow</translation>
    </message>
    <message>
        <source>No TensorFlow build for this Python version</source>
        <translation>没有适用于这个 Python 版本的 TensorFlow</translation>
    </message>
    <message>
        <source>Several TensorFlow packages are installed together</source>
        <translation>同时安装了多个 TensorFlow 包</translation>
    </message>
    <message>
        <source>This TensorFlow is a CPU-only build</source>
        <translation>这个 TensorFlow 是仅支持 CPU 的版本</translation>
    </message>
    <message>
        <source>Microsoft Visual C++ runtime is missing</source>
        <translation>缺少 Microsoft Visual C++ 运行库</translation>
    </message>
    <message>
        <source>TensorFlow fails to import</source>
        <translation>TensorFlow 导入失败</translation>
    </message>
    <message>
        <source>This GPU is too old (or too new) for this TensorFlow build</source>
        <translation>这块 GPU 对这个 TensorFlow 版本来说太旧（或太新）</translation>
    </message>
    <message>
        <source>The NVIDIA driver is too old for this CUDA</source>
        <translation>NVIDIA 驱动太旧，不支持这个 CUDA 版本</translation>
    </message>
    <message>
        <source>The GPU is hidden by CUDA_VISIBLE_DEVICES</source>
        <translation>GPU 被 CUDA_VISIBLE_DEVICES 隐藏了</translation>
    </message>
    <message>
        <source>Installed CUDA version does not match this TensorFlow</source>
        <translation>已安装的 CUDA 版本与这个 TensorFlow 不匹配</translation>
    </message>
    <message>
        <source>The CUDA runtime libraries TF needs are missing</source>
        <translation>缺少 TensorFlow 需要的 CUDA 运行库</translation>
    </message>
    <message>
        <source>Installed cuDNN version does not match this TensorFlow</source>
        <translation>已安装的 cuDNN 版本与这个 TensorFlow 不匹配</translation>
    </message>
    <message>
        <source>cuDNN is missing</source>
        <translation>缺少 cuDNN</translation>
    </message>
    <message>
        <source>zlibwapi.dll is missing (cuDNN 8.3+ on Windows)</source>
        <translation>缺少 zlibwapi.dll（Windows 上的 cuDNN 8.3 及以上版本需要它）</translation>
    </message>
    <message>
        <source>The libraries are installed but not on the search path</source>
        <translation>库已安装，但不在搜索路径中</translation>
    </message>
    <message>
        <source>XLA cannot find libdevice (CUDA data dir)</source>
        <translation>XLA 找不到 libdevice（CUDA 数据目录）</translation>
    </message>
    <message>
        <source>PTX from a newer CUDA than the driver or ptxas understands</source>
        <translation>PTX 来自更新的 CUDA，驱动或 ptxas 无法识别</translation>
    </message>
    <message>
        <source>Memory growth was set after the GPU was initialised</source>
        <translation>在 GPU 初始化之后才设置显存按需增长</translation>
    </message>
    <message>
        <source>The GPU ran out of memory</source>
        <translation>GPU 显存不足</translation>
    </message>
    <message>
        <source>The TensorFlow check did not finish</source>
        <translation>TensorFlow 检查没有完成</translation>
    </message>
    <message>
        <source>tfgpu could not finish this check</source>
        <translation>tfgpu 未能完成这项检查</translation>
    </message>
    <message>
        <source>TensorFlow lists no GPU, cause not identified</source>
        <translation>TensorFlow 没有列出 GPU，原因未能确定</translation>
    </message>
    <message>
        <source>TensorFlow is not installed here</source>
        <translation>这里没有安装 TensorFlow</translation>
    </message>
    <message>
        <source>Per-process GPU memory is not reported under WDDM</source>
        <translation>WDDM 模式下不显示每个进程的显存占用</translation>
    </message>
    <message>
        <source>Harmless notices only</source>
        <translation>只有无害的提示信息</translation>
    </message>
    <message>
        <source>TensorFlow can use the GPU</source>
        <translation>TensorFlow 可以使用 GPU</translation>
    </message>
    <message>
        <source>TF_CONFIG does not describe a usable cluster</source>
        <translation>TF_CONFIG 描述的集群无法使用</translation>
    </message>
    <message>
        <source>A worker&apos;s port is already in use</source>
        <translation>某个 worker 的端口已被占用</translation>
    </message>
    <message>
        <source>The workers never met, or a collective timed out</source>
        <translation>worker 之间没能互相连接，或集合通信超时</translation>
    </message>
    <message>
        <source>NCCL is not available here</source>
        <translation>这里没有可用的 NCCL</translation>
    </message>
    <message>
        <source>Keras 3 model.fit does not run under MultiWorkerMirroredStrategy</source>
        <translation>Keras 3 的 model.fit 无法在 MultiWorkerMirroredStrategy 下运行</translation>
    </message>
    <message>
        <source>The diagnosis itself failed ({error}); this is a bug in tfgpu. The scan is still valid.</source>
        <translation>诊断本身出错了（{error}）；这是 tfgpu 自身的程序错误（bug）。检查结果仍然有效。</translation>
    </message>
    <message>
        <source>TensorFlow listed no GPU here and no rule explains why.</source>
        <translation>TensorFlow 在这里没有列出任何 GPU，也没有规则能解释原因。</translation>
    </message>
    <message>
        <source>No Python environment was found on this computer.</source>
        <translation>这台电脑上没有找到 Python 环境。</translation>
    </message>
    <message>
        <source>Check that TensorFlow now lists the GPU (a non-empty list):</source>
        <extracomment>Findings whose fix installs a GPU build of TensorFlow (or its CUDA libraries).</extracomment>
        <translation>确认 TensorFlow 现在能列出 GPU（列表不为空）：</translation>
    </message>
    <message>
        <source>Then check that the driver answers:</source>
        <translation>然后确认驱动能正常响应：</translation>
    </message>
    <message>
        <source>In WSL2 the GPU comes from the Windows NVIDIA driver: install or update it on Windows (not inside Linux), then run &apos;wsl --shutdown&apos;.</source>
        <translation>在 WSL2 中，GPU 由 Windows 上的 NVIDIA 驱动提供：请在 Windows 上（而不是在 Linux 里）安装或更新驱动，然后运行 &apos;wsl --shutdown&apos;。</translation>
    </message>
    <message>
        <source>Do not install a Linux NVIDIA driver inside WSL. See NVIDIA&apos;s guide:</source>
        <translation>不要在 WSL 里安装 Linux 版 NVIDIA 驱动。参见 NVIDIA 的指南：</translation>
    </message>
    <message>
        <source>The driver was updated but the old kernel module is still loaded. Restart the computer:</source>
        <translation>驱动已经更新，但旧的内核模块仍处于加载状态。请重启电脑：</translation>
    </message>
    <message>
        <source>In Windows PowerShell, update WSL and make sure the distribution runs as WSL 2:</source>
        <translation>在 Windows PowerShell 中更新 WSL，并确保该发行版以 WSL 2 运行：</translation>
    </message>
    <message>
        <source>Install the current NVIDIA driver on Windows (it provides the GPU to WSL):</source>
        <translation>在 Windows 上安装最新的 NVIDIA 驱动（由它把 GPU 提供给 WSL）：</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s CUDA on WSL guide:</source>
        <translation>NVIDIA 的 CUDA on WSL 指南：</translation>
    </message>
    <message>
        <source>Stay on native Windows with TensorFlow 2.10, the last version with GPU support there, in a Python 3.10 conda environment with CUDA 11.2 and cuDNN 8.1:</source>
        <translation>继续使用原生 Windows：在 Python 3.10 的 conda 环境中使用 TensorFlow 2.10（Windows 上最后一个支持 GPU 的版本），搭配 CUDA 11.2 和 cuDNN 8.1：</translation>
    </message>
    <message>
        <source>Install WSL2 with Ubuntu (PowerShell as administrator), then restart:</source>
        <translation>安装带 Ubuntu 的 WSL2（以管理员身份运行 PowerShell），然后重启：</translation>
    </message>
    <message>
        <source>Inside Ubuntu, create a virtual environment and install TensorFlow with its CUDA libraries:</source>
        <translation>在 Ubuntu 中创建一个虚拟环境，并安装 TensorFlow 及其 CUDA 库：</translation>
    </message>
    <message>
        <source>Check it inside Ubuntu:</source>
        <translation>在 Ubuntu 中检查：</translation>
    </message>
    <message>
        <source>Remove the CPU-only package:</source>
        <translation>卸载仅支持 CPU 的包：</translation>
    </message>
    <message>
        <source>Install TensorFlow with its CUDA libraries:</source>
        <translation>安装 TensorFlow 及其 CUDA 库：</translation>
    </message>
    <message>
        <source>Use a Python version TensorFlow publishes wheels for (the recommendation below names one), in its own virtual environment.</source>
        <translation>使用 TensorFlow 提供了 wheel 包的 Python 版本（下面的建议中会给出一个），并为它单独创建虚拟环境。</translation>
    </message>
    <message>
        <source>Python downloads:</source>
        <translation>Python 下载页面：</translation>
    </message>
    <message>
        <source>Install the 64-bit Python (&quot;Windows installer (64-bit)&quot;) and create the environment with it.</source>
        <translation>安装 64 位 Python（&quot;Windows installer (64-bit)&quot;），并用它创建环境。</translation>
    </message>
    <message>
        <source>Remove every TensorFlow package, then install exactly one:</source>
        <translation>卸载所有 TensorFlow 包，然后只安装其中一个：</translation>
    </message>
    <message>
        <source>Install one package:</source>
        <translation>只安装一个包：</translation>
    </message>
    <message>
        <source>Install the Microsoft Visual C++ Redistributable (x64), then open a new terminal:</source>
        <translation>安装 Microsoft Visual C++ Redistributable (x64)，然后打开一个新的终端：</translation>
    </message>
    <message>
        <source>With winget:</source>
        <translation>使用 winget：</translation>
    </message>
    <message>
        <source>Install TensorFlow together with the CUDA libraries it was built with (no system CUDA needed):</source>
        <translation>安装 TensorFlow 及其编译时所用的 CUDA 库（系统里不需要安装 CUDA）：</translation>
    </message>
    <message>
        <source>Install CUDA {cuda} (the version this TensorFlow was built for) from NVIDIA&apos;s archive.</source>
        <translation>从 NVIDIA 的历史版本页面安装 CUDA {cuda}（这个 TensorFlow 编译时所用的版本）。</translation>
    </message>
    <message>
        <source>Install it into a conda environment instead:</source>
        <translation>或者改为安装到 conda 环境中：</translation>
    </message>
    <message>
        <source>Install the CUDA version your TensorFlow was built for (see the table):</source>
        <translation>安装你的 TensorFlow 编译时所用的 CUDA 版本（见对照表）：</translation>
    </message>
    <message>
        <source>Then open a new terminal so the new PATH is seen.</source>
        <translation>然后打开一个新的终端，让新的 PATH 生效。</translation>
    </message>
    <message>
        <source>CUDA {installed} is installed but this TensorFlow needs CUDA {cuda}. Both can be installed side by side.</source>
        <translation>已安装 CUDA {installed}，但这个 TensorFlow 需要 CUDA {cuda}。两个版本可以同时安装。</translation>
    </message>
    <message>
        <source>Download cuDNN {cudnn} for CUDA {cuda} from NVIDIA&apos;s archive.</source>
        <translation>从 NVIDIA 的历史版本页面下载适用于 CUDA {cuda} 的 cuDNN {cudnn}。</translation>
    </message>
    <message>
        <source>Download the cuDNN version your TensorFlow was built for from NVIDIA&apos;s archive.</source>
        <translation>从 NVIDIA 的历史版本页面下载你的 TensorFlow 编译时所用的 cuDNN 版本。</translation>
    </message>
    <message>
        <source>Copy its bin, include and lib folders into the CUDA folder (C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v{cuda}), or add its bin folder to PATH.</source>
        <translation>把它的 bin、include 和 lib 文件夹复制到 CUDA 文件夹（C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v{cuda}）中，或者把它的 bin 文件夹加入 PATH。</translation>
    </message>
    <message>
        <source>Install it with conda:</source>
        <translation>用 conda 安装：</translation>
    </message>
    <message>
        <source>Install it (Debian/Ubuntu packages, or the tar archive into /usr/local/cuda), then refresh the loader cache:</source>
        <translation>安装它（使用 Debian/Ubuntu 软件包，或把 tar 压缩包解压到 /usr/local/cuda），然后刷新动态链接库缓存：</translation>
    </message>
    <message>
        <source>cuDNN 8.3+ on Windows needs zlibwapi.dll. Install it with conda into the environment:</source>
        <translation>Windows 上的 cuDNN 8.3 及以上版本需要 zlibwapi.dll。用 conda 把它安装到环境中：</translation>
    </message>
    <message>
        <source>Follow NVIDIA&apos;s cuDNN 8 install guide (&apos;Installing Zlib&apos;) and put zlibwapi.dll in a folder on PATH.</source>
        <translation>按照 NVIDIA 的 cuDNN 8 安装指南（&apos;Installing Zlib&apos; 一节）操作，把 zlibwapi.dll 放到 PATH 中的某个文件夹里。</translation>
    </message>
    <message>
        <source>Add the folder to your user PATH (PowerShell; this reads the user PATH only, unlike setx which can truncate it), then open a new terminal:</source>
        <translation>把该文件夹加入你的用户 PATH（在 PowerShell 中；这里只读写用户 PATH，不像 setx 那样可能把它截断），然后打开一个新的终端：</translation>
    </message>
    <message>
        <source>Add the folder to the library search path, now and for new shells:</source>
        <translation>把该文件夹加入库搜索路径，对当前终端和以后新开的终端都生效：</translation>
    </message>
    <message>
        <source>Register it with the loader for every user:</source>
        <translation>为所有用户在动态链接器中注册它：</translation>
    </message>
    <message>
        <source>Install the CUDA compiler package (it contains libdevice) into the environment:</source>
        <translation>把 CUDA 编译器包（其中包含 libdevice）安装到环境中：</translation>
    </message>
    <message>
        <source>Point XLA at a CUDA toolkit folder that has nvvm/libdevice:</source>
        <translation>让 XLA 指向一个含有 nvvm/libdevice 的 CUDA 工具包文件夹：</translation>
    </message>
    <message>
        <source>Use the ptxas of TensorFlow&apos;s own CUDA version (first on PATH):</source>
        <translation>使用与 TensorFlow 自身 CUDA 版本一致的 ptxas（放在 PATH 的最前面）：</translation>
    </message>
    <message>
        <source>TensorFlow {tf} is the last version that runs on compute capability {cc}. Install it in a Python it supports:</source>
        <translation>TensorFlow {tf} 是能在计算能力 {cc} 上运行的最后一个版本。请在它支持的 Python 中安装：</translation>
    </message>
    <message>
        <source>This GPU cannot run the prebuilt TensorFlow; use the CPU, or a newer GPU.</source>
        <translation>这块 GPU 无法运行预编译的 TensorFlow；请使用 CPU，或者换一块更新的 GPU。</translation>
    </message>
    <message>
        <source>Call set_memory_growth first, before anything creates a tensor or a model:</source>
        <translation>先调用 set_memory_growth，要在创建任何张量或模型之前：</translation>
    </message>
    <message>
        <source>Set it without code changes, before Python starts:</source>
        <translation>不改代码的办法：在 Python 启动之前设置它：</translation>
    </message>
    <message>
        <source>Use a smaller batch size (halve it until it fits), or a smaller model / input size.</source>
        <translation>使用更小的批大小（batch size，不断减半直到能放下），或者更小的模型/输入尺寸。</translation>
    </message>
    <message>
        <source>Close other programs using the GPU; see what holds memory:</source>
        <translation>关闭其他正在使用 GPU 的程序；查看是谁占用了显存：</translation>
    </message>
    <message>
        <source>Let TensorFlow allocate memory as needed instead of all at once:</source>
        <translation>让 TensorFlow 按需分配显存，而不是一次性全部占用：</translation>
    </message>
    <message>
        <source>Mixed precision halves activation memory on GPUs with Tensor Cores:</source>
        <translation>在带 Tensor Core 的 GPU 上，混合精度可以让激活值占用的显存减半：</translation>
    </message>
    <message>
        <source>Unset CUDA_VISIBLE_DEVICES (or set it to the GPU index, e.g. 0) before starting Python:</source>
        <translation>在启动 Python 之前取消设置 CUDA_VISIBLE_DEVICES（或把它设为 GPU 编号，例如 0）：</translation>
    </message>
    <message>
        <source>On native Windows the last GPU build is 2.10; install it by its real name:</source>
        <translation>在原生 Windows 上，最后一个 GPU 版本是 2.10；请用它的真实包名安装：</translation>
    </message>
    <message>
        <source>Use current TensorFlow in WSL2 instead: install WSL2 with Ubuntu (PowerShell as administrator), restart, then install tensorflow[and-cuda] inside Ubuntu:</source>
        <translation>改用 WSL2 里的新版 TensorFlow：安装带 Ubuntu 的 WSL2（以管理员身份运行 PowerShell），重启，然后在 Ubuntu 里安装 tensorflow[and-cuda]：</translation>
    </message>
    <message>
        <source>Install the plain package with its CUDA libraries instead:</source>
        <translation>改为安装普通的 TensorFlow 包及其 CUDA 库：</translation>
    </message>
    <message>
        <source>Install the NVIDIA Container Toolkit on the host (the NVIDIA driver must already work there):</source>
        <translation>在宿主机上安装 NVIDIA Container Toolkit（宿主机上的 NVIDIA 驱动必须已经能正常工作）：</translation>
    </message>
    <message>
        <source>Register it with Docker and restart Docker:</source>
        <translation>把它注册到 Docker，然后重启 Docker：</translation>
    </message>
    <message>
        <source>Start the container with the GPU passed in, and check it:</source>
        <translation>启动容器时把 GPU 传进去，然后检查：</translation>
    </message>
    <message>
        <source>See the recommendation below for the exact TensorFlow to install here.</source>
        <translation>要在这里安装哪个 TensorFlow，请参见下面的建议。</translation>
    </message>
    <message>
        <source>Nothing to install: TensorFlow {tf} uses your GPU</source>
        <translation>无需安装任何东西：TensorFlow {tf} 能使用你的 GPU</translation>
    </message>
    <message>
        <source>Use {python}. Run the benchmark to see how fast it is.</source>
        <translation>使用 {python}。运行基准测试，看看它有多快。</translation>
    </message>
    <message>
        <source>No NVIDIA GPU to use: TensorFlow will run on the CPU</source>
        <translation>没有可用的 NVIDIA GPU：TensorFlow 将在 CPU 上运行</translation>
    </message>
    <message>
        <source>CUDA needs an NVIDIA GPU. The plain package runs on the CPU.</source>
        <translation>CUDA 需要 NVIDIA GPU。普通的 TensorFlow 包可以在 CPU 上运行。</translation>
    </message>
    <message>
        <source>Install TensorFlow:</source>
        <translation>安装 TensorFlow：</translation>
    </message>
    <message>
        <source>Install TensorFlow {tf} with the CUDA and cuDNN libraries it was built with:</source>
        <translation>安装 TensorFlow {tf} 及其编译时所用的 CUDA 和 cuDNN 库：</translation>
    </message>
    <message>
        <source>Install TensorFlow {tf}:</source>
        <translation>安装 TensorFlow {tf}：</translation>
    </message>
    <message>
        <source>Install CUDA {cuda} and cuDNN {cudnn} (this TensorFlow predates the pip CUDA packages):</source>
        <translation>安装 CUDA {cuda} 和 cuDNN {cudnn}（这个 TensorFlow 比 pip 版 CUDA 包出现得早）：</translation>
    </message>
    <message>
        <source>Check that TensorFlow lists the GPU:</source>
        <translation>确认 TensorFlow 能列出 GPU：</translation>
    </message>
    <message>
        <source>Your GPU (compute capability {cc}) is not supported by newer TensorFlow; {tf} is the newest that runs on it.</source>
        <translation>你的 GPU（计算能力 {cc}）不受更新版本的 TensorFlow 支持；{tf} 是能在它上面运行的最新版本。</translation>
    </message>
    <message>
        <source>Python {python} is the limit, not your GPU: TensorFlow {newest} has no wheel for Python {python} (it needs Python {first} to {last}), so {tf} is the newest you can install with it. A newer Python gets you {newest}.</source>
        <translation>限制在于 Python {python}，而不是你的 GPU：TensorFlow {newest} 没有 Python {python} 的安装包（wheel）（它需要 Python {first} 到 {last}），所以用这个 Python 最新只能装 {tf}。换用更新的 Python 就能用上 {newest}。</translation>
    </message>
    <message>
        <source>On Linux the pip package brings its own CUDA and cuDNN: only the NVIDIA driver is needed on the system. Use Python {python} in a virtual environment.</source>
        <translation>在 Linux 上，pip 包自带 CUDA 和 cuDNN：系统里只需要 NVIDIA 驱动。请在虚拟环境中使用 Python {python}。</translation>
    </message>
    <message>
        <source>Install TensorFlow {tf} with pip in a virtual environment</source>
        <translation>在虚拟环境中用 pip 安装 TensorFlow {tf}</translation>
    </message>
    <message>
        <source>Open your WSL 2 distribution &apos;{distro}&apos;:</source>
        <translation>打开你的 WSL 2 发行版“{distro}”：</translation>
    </message>
    <message>
        <source>Stay on native Windows with TensorFlow 2.10 (the last native GPU version), Python 3.10, CUDA 11.2 and cuDNN 8.1 through conda:</source>
        <translation>继续使用原生 Windows：通过 conda 使用 TensorFlow 2.10（最后一个原生支持 GPU 的版本）、Python 3.10、CUDA 11.2 和 cuDNN 8.1：</translation>
    </message>
    <message>
        <source>Use TensorFlow {tf} in WSL2</source>
        <translation>在 WSL2 中使用 TensorFlow {tf}</translation>
    </message>
    <message>
        <source>TensorFlow after 2.10 has no GPU support on native Windows; in WSL2 (Ubuntu inside Windows) the current version uses your GPU through the Windows driver.</source>
        <translation>2.10 之后的 TensorFlow 在原生 Windows 上不支持 GPU；在 WSL2（Windows 里的 Ubuntu）中，最新版本可以通过 Windows 驱动使用你的 GPU。</translation>
    </message>
    <message>
        <source>Create a Python 3.10 conda environment with CUDA 11.2, cuDNN 8.1 and TensorFlow 2.10:</source>
        <translation>创建一个 Python 3.10 的 conda 环境，装上 CUDA 11.2、cuDNN 8.1 和 TensorFlow 2.10：</translation>
    </message>
    <message>
        <source>Install CUDA 11.2 and cuDNN 8.1 from NVIDIA, add their bin folders to PATH, and pip install &quot;tensorflow&lt;2.11&quot; in a Python 3.7-3.10.</source>
        <translation>从 NVIDIA 安装 CUDA 11.2 和 cuDNN 8.1，把它们的 bin 文件夹加入 PATH，然后在 Python 3.7-3.10 中运行 pip install &quot;tensorflow&lt;2.11&quot;。</translation>
    </message>
    <message>
        <source>Use TensorFlow 2.10 on native Windows</source>
        <translation>在原生 Windows 上使用 TensorFlow 2.10</translation>
    </message>
    <message>
        <source>This Windows cannot run WSL2 with GPU support (it needs Windows 10 build 19044 or Windows 11), so TensorFlow 2.10 is the newest version that can use the GPU here.</source>
        <translation>这个 Windows 无法运行支持 GPU 的 WSL2（需要 Windows 10 内部版本 19044 或 Windows 11），所以 TensorFlow 2.10 是这里能使用 GPU 的最新版本。</translation>
    </message>
    <message>
        <source>Inside it, create a virtual environment and install TensorFlow:</source>
        <translation>在其中创建一个虚拟环境并安装 TensorFlow：</translation>
    </message>
    <message>
        <source>Check it inside WSL:</source>
        <translation>在 WSL 中检查：</translation>
    </message>
    <message>
        <source>Create a virtual environment with Ubuntu&apos;s own Python 3 ({pythons}; TensorFlow {tf} has wheels for each):</source>
        <translation>用 Ubuntu 自带的 Python 3 创建虚拟环境（{pythons}；TensorFlow {tf} 对这些版本都有安装包）：</translation>
    </message>
    <message>
        <source>Create a virtual environment with Python {python}:</source>
        <translation>用 Python {python} 创建一个虚拟环境：</translation>
    </message>
    <message>
        <source>Install Python {python} (no Python here has TensorFlow wheels), then create a virtual environment with it:</source>
        <translation>安装 Python {python}（这里的 Python 都没有对应的 TensorFlow wheel 包），然后用它创建虚拟环境：</translation>
    </message>
    <message>
        <source>Driver {driver} is too old for CUDA {cuda} (needs {minimum} or newer). Update it first:</source>
        <translation>驱动 {driver} 对 CUDA {cuda} 来说太旧（需要 {minimum} 或更新版本）。请先更新驱动：</translation>
    </message>
    <message>
        <source>No prebuilt TensorFlow runs on this GPU</source>
        <translation>没有预编译的 TensorFlow 能在这块 GPU 上运行</translation>
    </message>
    <message>
        <source>Compute capability {cc} is below every TensorFlow build&apos;s minimum. TensorFlow still runs on the CPU.</source>
        <translation>计算能力 {cc} 低于所有 TensorFlow 版本的最低要求。TensorFlow 仍然可以在 CPU 上运行。</translation>
    </message>
    <message>
        <source>Install the CPU package:</source>
        <translation>安装 CPU 版的包：</translation>
    </message>
    <message>
        <source>Python {version} here is a 32-bit build; TensorFlow has 64-bit wheels only.</source>
        <translation>这里的 Python {version} 是 32 位版本；TensorFlow 只提供 64 位的 wheel 包。</translation>
    </message>
    <message>
        <source>TensorFlow was not checked in this environment (the scan skipped it).</source>
        <translation>这个环境中没有检查 TensorFlow（扫描时跳过了它）。</translation>
    </message>
    <message>
        <source>The TensorFlow check stopped early ({reason}) at stage &apos;{stage}&apos;.</source>
        <translation>TensorFlow 检查在“{stage}”阶段提前停止了（{reason}）。</translation>
    </message>
    <message>
        <source>Python {version} is too old for any TensorFlow this tool can check.</source>
        <translation>Python {version} 太旧，本工具能检查的所有 TensorFlow 版本都不支持它。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} lists {count} GPU(s): {names}.</source>
        <translation>TensorFlow {tf} 列出了 {count} 块 GPU：{names}。</translation>
    </message>
    <message>
        <source>import tensorflow failed: {error}</source>
        <translation>import tensorflow 失败：{error}</translation>
    </message>
    <message>
        <source>TensorFlow {tf} ({build}) imported and listed no GPU; its log lines are the evidence.</source>
        <translation>TensorFlow {tf}（{build}）已导入，但没有列出 GPU；它的日志行就是依据。</translation>
    </message>
    <message>
        <source>Python {version} is too old for TensorFlow 2.</source>
        <translation>Python {version} 对 TensorFlow 2 来说太旧。</translation>
    </message>
    <message>
        <source>This interpreter could not be run ({reason}).</source>
        <translation>无法运行这个解释器（{reason}）。</translation>
    </message>
    <message>
        <source>No TensorFlow package in {python}.</source>
        <translation>{python} 中没有 TensorFlow 包。</translation>
    </message>
    <message>
        <source>TensorFlow publishes no {platform} wheel for Python {version}; pip would answer &apos;No matching distribution found&apos;.</source>
        <translation>TensorFlow 没有为 Python {version} 发布 {platform} 的 wheel 包；pip 会提示 &apos;No matching distribution found&apos;。</translation>
    </message>
    <message>
        <source>Installed together: {packages}. They share one folder and overwrite each other.</source>
        <translation>同时安装了：{packages}。它们共用同一个文件夹，会互相覆盖。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} on native Windows is CPU-only: GPU builds for Windows ended with 2.10.</source>
        <translation>原生 Windows 上的 TensorFlow {tf} 只能使用 CPU：Windows 版的 GPU 支持到 2.10 为止。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} here was built without CUDA (is_cuda_build is False), so it never looks for a GPU.</source>
        <translation>这里的 TensorFlow {tf} 编译时没有启用 CUDA（is_cuda_build 为 False），所以它根本不会去找 GPU。</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES is set to &apos;{value}&apos;, which hides every GPU from TensorFlow.</source>
        <translation>CUDA_VISIBLE_DEVICES 被设为 &apos;{value}&apos;，这会让 TensorFlow 看不到任何 GPU。</translation>
    </message>
    <message>
        <source>{gpu} has compute capability {cc}; TensorFlow {tf} needs at least {minimum}.</source>
        <translation>{gpu} 的计算能力是 {cc}；TensorFlow {tf} 至少需要 {minimum}。</translation>
    </message>
    <message>
        <source>Driver {driver} supports CUDA up to {have}; TensorFlow {tf} uses CUDA {need}.</source>
        <translation>驱动 {driver} 最高支持 CUDA {have}；TensorFlow {tf} 使用的是 CUDA {need}。</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libraries}, and no matching CUDA is installed (installed: {installed}).</source>
        <translation>TensorFlow 无法加载 {libraries}，而且没有安装匹配的 CUDA（已安装：{installed}）。</translation>
    </message>
    <message>
        <source>TensorFlow looks for {libraries}, which belongs to another CUDA version than the one installed ({installed}).</source>
        <translation>TensorFlow 要找的 {libraries} 属于另一个 CUDA 版本，而不是已安装的版本（{installed}）。</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libraries}: cuDNN is not installed (installed: {installed}).</source>
        <translation>TensorFlow 无法加载 {libraries}：没有安装 cuDNN（已安装：{installed}）。</translation>
    </message>
    <message>
        <source>TensorFlow looks for {libraries}, but the cuDNN installed is another major version ({installed}).</source>
        <translation>TensorFlow 要找的是 {libraries}，但已安装的 cuDNN 是另一个主版本（{installed}）。</translation>
    </message>
    <message>
        <source>{libraries} exists in {folders}, but that folder is not on the library search path.</source>
        <translation>{libraries} 位于 {folders}，但这个文件夹不在库搜索路径中。</translation>
    </message>
    <message>
        <source>TensorFlow could not load the NVIDIA driver library {libraries}.</source>
        <translation>TensorFlow 无法加载 NVIDIA 驱动库 {libraries}。</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libraries} from the Microsoft Visual C++ runtime.</source>
        <translation>TensorFlow 无法加载 Microsoft Visual C++ 运行库中的 {libraries}。</translation>
    </message>
    <message>
        <source>cuDNN could not load {libraries}.</source>
        <translation>cuDNN 无法加载 {libraries}。</translation>
    </message>
    <message>
        <source>macOS has no NVIDIA CUDA support; TensorFlow runs on the CPU or Apple&apos;s Metal plugin.</source>
        <translation>macOS 不支持 NVIDIA CUDA；TensorFlow 在 CPU 上运行，或者通过 Apple 的 Metal 插件运行。</translation>
    </message>
    <message>
        <source>Neither NVML nor nvidia-smi could reach an NVIDIA driver ({reason}). Without a driver no program can use the GPU.</source>
        <translation>NVML 和 nvidia-smi 都无法连接到 NVIDIA 驱动（{reason}）。没有驱动，任何程序都无法使用 GPU。</translation>
    </message>
    <message>
        <source>The NVIDIA kernel module and the driver library have different versions ({reason}); this happens after a driver update until the computer is restarted.</source>
        <translation>NVIDIA 内核模块与驱动库的版本不同（{reason}）；更新驱动后、重启电脑之前就会出现这种情况。</translation>
    </message>
    <message>
        <source>The NVIDIA driver answers but reports no GPU ({reason}). In a container, start it with the GPU passed through (docker run --gpus all).</source>
        <translation>NVIDIA 驱动有响应，但报告没有 GPU（{reason}）。如果是在容器里，请在启动时把 GPU 直通进去（docker run --gpus all）。</translation>
    </message>
    <message>
        <source>This distribution runs under WSL 1, which has no GPU access; convert it to WSL 2.</source>
        <translation>这个发行版运行在 WSL 1 下，无法访问 GPU；请把它转换为 WSL 2。</translation>
    </message>
    <message>
        <source>/dev/dxg is missing, so the Windows GPU driver is not passed into WSL.</source>
        <translation>缺少 /dev/dxg，说明 Windows 的 GPU 驱动没有传入 WSL。</translation>
    </message>
    <message>
        <source>{names} name a folder without a CUDA toolkit. Remove them or point them at an installed toolkit.</source>
        <translation>{names} 指向的文件夹里没有 CUDA 工具包。请删除它们，或把它们改为指向已安装的工具包。</translation>
    </message>
    <message>
        <source>cuDNN 8.3+ is installed but zlibwapi.dll is nowhere on this computer; cuDNN will fail to load.</source>
        <translation>已安装 cuDNN 8.3 及以上版本，但这台电脑上哪里都没有 zlibwapi.dll；cuDNN 将无法加载。</translation>
    </message>
    <message>
        <source>zlibwapi.dll exists ({path}) but not in a folder on PATH, so cuDNN cannot load it.</source>
        <translation>zlibwapi.dll 存在（{path}），但不在 PATH 中的文件夹里，所以 cuDNN 无法加载它。</translation>
    </message>
    <message>
        <source>{gpu} runs in WDDM mode: per-process GPU memory shows as n/a. Nothing to fix.</source>
        <translation>{gpu} 运行在 WDDM 模式下：每个进程的显存占用显示为 n/a。无需处理。</translation>
    </message>
    <message>
        <source>A compiled add-on needs {libs}, which the installed TensorFlow does not provide: the add-on was built for another TensorFlow version. Install the TensorFlow version it was built for, or the add-on&apos;s build for this TensorFlow.</source>
        <translation>一个编译好的扩展需要 {libs}，而已安装的 TensorFlow 不提供它：这个扩展是针对另一个 TensorFlow 版本构建的。请安装它构建时所用的 TensorFlow 版本，或安装针对当前 TensorFlow 构建的扩展。</translation>
    </message>
    <message>
        <source>The program cannot find TensorFlow&apos;s own library {libs}: it is not installed, or its folder is not on the loader&apos;s search path. Add that folder to LD_LIBRARY_PATH (PATH on Windows), or install the TensorFlow C library the program was built for.</source>
        <translation>程序找不到 TensorFlow 自身的库 {libs}：它没有安装，或者它所在的文件夹不在加载器的搜索路径中。请把该文件夹加入 LD_LIBRARY_PATH（Windows 上为 PATH），或安装程序构建时所用的 TensorFlow C 库。</translation>
    </message>
    <message>
        <source>cuDNN could not load {lib}. cuDNN 8.3 and later on Windows need zlibwapi.dll, which is installed separately.</source>
        <translation>cuDNN 无法加载 {lib}。Windows 上的 cuDNN 8.3 及以上版本需要 zlibwapi.dll，它需要单独安装。</translation>
    </message>
    <message>
        <source>TensorFlow could not find {lib} from the Microsoft Visual C++ 2015-2022 Redistributable.</source>
        <translation>TensorFlow 找不到 Microsoft Visual C++ 2015-2022 Redistributable 中的 {lib}。</translation>
    </message>
    <message>
        <source>TensorFlow looked for the CUDA runtime ({libs}) and did not find it, so it runs on the CPU. That is fine when you do not want to use a GPU; to use one, install the CUDA version this TensorFlow needs.</source>
        <translation>TensorFlow 查找了 CUDA 运行库（{libs}）但没有找到，所以它在 CPU 上运行。如果你本来就不想用 GPU，这没有问题；如果要使用 GPU，请安装这个 TensorFlow 所需的 CUDA 版本。</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libs}, although CUDA {installed} is installed: its library folder is not on the search path (PATH on Windows, LD_LIBRARY_PATH on Linux).</source>
        <translation>TensorFlow 无法加载 {libs}，尽管已安装 CUDA {installed}：它的库文件夹不在搜索路径中（Windows 上是 PATH，Linux 上是 LD_LIBRARY_PATH）。</translation>
    </message>
    <message>
        <source>TensorFlow looks for the CUDA {wanted} libraries ({libs}), but the CUDA installed here is {installed}. Each TensorFlow release loads only the CUDA version it was built with.</source>
        <translation>TensorFlow 要找的是 CUDA {wanted} 的库（{libs}），但这里安装的 CUDA 是 {installed}。每个 TensorFlow 版本只会加载它编译时所用的 CUDA 版本。</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libs}: the CUDA {wanted} libraries it was built for are not installed (or not on the search path).</source>
        <translation>TensorFlow 无法加载 {libs}：它编译时所用的 CUDA {wanted} 库没有安装（或不在搜索路径中）。</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libs}: the CUDA libraries it was built for are not installed (or not on the search path).</source>
        <translation>TensorFlow 无法加载 {libs}：它编译时所用的 CUDA 库没有安装（或不在搜索路径中）。</translation>
    </message>
    <message>
        <source>TensorFlow could not load some of its GPU libraries, although CUDA {installed} is installed: its library folder is not on the search path. TF_CPP_MAX_VLOG_LEVEL=1 shows which files failed.</source>
        <translation>TensorFlow 无法加载它的部分 GPU 库，尽管已安装 CUDA {installed}：它的库文件夹不在搜索路径中。设置 TF_CPP_MAX_VLOG_LEVEL=1 可以看到哪些文件加载失败。</translation>
    </message>
    <message>
        <source>TensorFlow could not load its GPU libraries: it needs CUDA {wanted}, but the CUDA installed here is {installed}. TF_CPP_MAX_VLOG_LEVEL=1 shows which files failed.</source>
        <translation>TensorFlow 无法加载它的 GPU 库：它需要 CUDA {wanted}，但这里安装的 CUDA 是 {installed}。设置 TF_CPP_MAX_VLOG_LEVEL=1 可以看到哪些文件加载失败。</translation>
    </message>
    <message>
        <source>TensorFlow could not load its GPU libraries: the CUDA {wanted} libraries it was built for are not installed (or not on the search path). TF_CPP_MAX_VLOG_LEVEL=1 shows which files failed.</source>
        <translation>TensorFlow 无法加载它的 GPU 库：它编译时所用的 CUDA {wanted} 库没有安装（或不在搜索路径中）。设置 TF_CPP_MAX_VLOG_LEVEL=1 可以看到哪些文件加载失败。</translation>
    </message>
    <message>
        <source>TensorFlow could not load its GPU libraries: the CUDA and cuDNN libraries it was built for are not installed (or not on the search path). TF_CPP_MAX_VLOG_LEVEL=1 shows which files failed.</source>
        <translation>TensorFlow 无法加载它的 GPU 库：它编译时所用的 CUDA 和 cuDNN 库没有安装（或不在搜索路径中）。设置 TF_CPP_MAX_VLOG_LEVEL=1 可以看到哪些文件加载失败。</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libs}, although cuDNN {installed} is installed: its folder is not on the search path (PATH on Windows, LD_LIBRARY_PATH on Linux).</source>
        <translation>TensorFlow 无法加载 {libs}，尽管已安装 cuDNN {installed}：它的文件夹不在搜索路径中（Windows 上是 PATH，Linux 上是 LD_LIBRARY_PATH）。</translation>
    </message>
    <message>
        <source>TensorFlow looks for cuDNN {wanted} ({libs}), but cuDNN {installed} is installed. TensorFlow needs the cuDNN major version it was built with.</source>
        <translation>TensorFlow 要找的是 cuDNN {wanted}（{libs}），但已安装的是 cuDNN {installed}。TensorFlow 需要与它编译时主版本相同的 cuDNN。</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libs}: cuDNN {version} is not installed for the CUDA version TensorFlow uses (or not on the search path).</source>
        <translation>TensorFlow 无法加载 {libs}：没有为 TensorFlow 所用的 CUDA 版本安装 cuDNN {version}（或者它不在搜索路径中）。</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libs} although a CUPTI folder is on LD_LIBRARY_PATH: the CUPTI there is another CUDA version, or missing.</source>
        <translation>虽然 LD_LIBRARY_PATH 中有一个 CUPTI 文件夹，TensorFlow 仍无法加载 {libs}：那里的 CUPTI 属于另一个 CUDA 版本，或者已经缺失。</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libs}. CUPTI comes with the CUDA toolkit (extras/CUPTI/lib64), a folder that is not on LD_LIBRARY_PATH ({path}).</source>
        <translation>TensorFlow 无法加载 {libs}。CUPTI 随 CUDA 工具包提供（extras/CUPTI/lib64），但这个文件夹不在 LD_LIBRARY_PATH 中（{path}）。</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libs}. CUPTI comes with the CUDA toolkit (extras/CUPTI/lib64 or extras\CUPTI\lib64), a folder that is not on the library search path.</source>
        <translation>TensorFlow 无法加载 {libs}。CUPTI 随 CUDA 工具包提供（extras/CUPTI/lib64 或 extras\CUPTI\lib64），但这个文件夹不在库搜索路径中。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} on native Windows is a CPU-only build: GPU support on Windows ended with TensorFlow {last}. Use WSL2 with tensorflow[and-cuda], or TensorFlow {last} in Python {python} with CUDA {cuda} and cuDNN {cudnn}.</source>
        <translation>原生 Windows 上的 TensorFlow {tf} 是仅支持 CPU 的版本：Windows 上的 GPU 支持到 TensorFlow {last} 为止。请在 WSL2 中使用 tensorflow[and-cuda]，或者在 Python {python} 中使用 TensorFlow {last}，搭配 CUDA {cuda} 和 cuDNN {cudnn}。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} on native Windows is a CPU-only build: newer TensorFlow releases have no GPU support on native Windows. Use WSL2 with tensorflow[and-cuda].</source>
        <translation>原生 Windows 上的 TensorFlow {tf} 是仅支持 CPU 的版本：较新的 TensorFlow 在原生 Windows 上不支持 GPU。请在 WSL2 中使用 tensorflow[and-cuda]。</translation>
    </message>
    <message>
        <source>This TensorFlow was built without CUDA (is_cuda_build is False), so it never uses a GPU. Install a GPU build: tensorflow[and-cuda] on Linux or WSL2 (on native Windows only old releases have one).</source>
        <translation>这个 TensorFlow 编译时没有启用 CUDA（is_cuda_build 为 False），所以它永远不会使用 GPU。请安装 GPU 版本：在 Linux 或 WSL2 上安装 tensorflow[and-cuda]（原生 Windows 上只有旧版本才有 GPU 版）。</translation>
    </message>
    <message>
        <source>tensorflow-cpu {version} is installed: a CPU-only package.</source>
        <translation>已安装 tensorflow-cpu {version}：这是一个仅支持 CPU 的包。</translation>
    </message>
    <message>
        <source>Several TensorFlow packages are installed together ({packages}); they overwrite each other&apos;s files. Uninstall all of them, then install one.</source>
        <translation>同时安装了多个 TensorFlow 包（{packages}）；它们会互相覆盖对方的文件。请把它们全部卸载，然后只安装一个。</translation>
    </message>
    <message>
        <source>tensorflow-gpu is an empty stub since TensorFlow 2.12: pip cannot install it (it fails on purpose) or installs nothing that uses the GPU. The GPU build is the plain tensorflow package (tensorflow[and-cuda] on Linux and WSL2).</source>
        <translation>从 TensorFlow 2.12 起，tensorflow-gpu 只是一个空壳包：pip 无法安装它（它会故意失败），或者装上的东西用不了 GPU。GPU 版本就是普通的 tensorflow 包（在 Linux 和 WSL2 上是 tensorflow[and-cuda]）。</translation>
    </message>
    <message>
        <source>Docker found no GPU device driver for --gpus: the NVIDIA Container Toolkit is not installed or Docker was not restarted after configuring it.</source>
        <translation>Docker 找不到用于 --gpus 的 GPU 设备驱动：没有安装 NVIDIA Container Toolkit，或者配置后没有重启 Docker。</translation>
    </message>
    <message>
        <source>Docker has no &apos;nvidia&apos; runtime: the NVIDIA Container Toolkit is not installed, or not registered with Docker (nvidia-ctk runtime configure --runtime=docker, then restart Docker). With a current toolkit, --gpus all replaces runtime: nvidia.</source>
        <translation>Docker 没有 &apos;nvidia&apos; 运行时：NVIDIA Container Toolkit 没有安装，或者没有注册到 Docker（运行 nvidia-ctk runtime configure --runtime=docker，然后重启 Docker）。使用新版工具包时，用 --gpus all 代替 runtime: nvidia。</translation>
    </message>
    <message>
        <source>The NVIDIA Container Toolkit could not give the container the GPU ({line}): it did not find or load the host&apos;s NVIDIA driver. Check that nvidia-smi works on the host (under WSL 2: the Windows driver and a Windows build with GPU support in WSL), then restart Docker.</source>
        <translation>NVIDIA Container Toolkit 无法把 GPU 交给容器（{line}）：它没有找到或加载不了宿主机的 NVIDIA 驱动。请确认宿主机上 nvidia-smi 能正常运行（WSL 2 下：需要 Windows 驱动，以及支持 WSL GPU 的 Windows 版本），然后重启 Docker。</translation>
    </message>
    <message>
        <source>The disk is full (No space left on device): free some space, or point pip&apos;s temporary folder (TMPDIR / TEMP) and cache at a disk with room (pip install --no-cache-dir), then try again.</source>
        <translation>磁盘已满（No space left on device）：请腾出空间，或把 pip 的临时目录（TMPDIR / TEMP）和缓存指向有空间的磁盘（pip install --no-cache-dir），然后重试。</translation>
    </message>
    <message>
        <source>pip (or conda) cannot reach the package index: no network, a proxy, a firewall or a slow mirror. Check the connection and the proxy settings (pip --proxy, HTTPS_PROXY), or use a mirror, then try again.</source>
        <translation>pip（或 conda）无法连接软件包索引：没有网络、代理、防火墙，或镜像太慢。请检查网络连接和代理设置（pip --proxy、HTTPS_PROXY），或换用镜像源，然后重试。</translation>
    </message>
    <message>
        <source>This Python is 32-bit; TensorFlow is published only for 64-bit Python. Install 64-bit Python (python.org: &quot;Windows installer (64-bit)&quot;).</source>
        <translation>这个 Python 是 32 位的；TensorFlow 只为 64 位 Python 发布。请安装 64 位 Python（python.org：&quot;Windows installer (64-bit)&quot;）。</translation>
    </message>
    <message>
        <source>pip here offers TensorFlow only up to {last}: the view of a pip older than 19.0, which cannot read the manylinux2010 wheels of TensorFlow 1.15 and later. Upgrade pip in this Python, then install TensorFlow {wanted} again.</source>
        <translation>这里的 pip 只提供到 {last} 为止的 TensorFlow：这是低于 19.0 的旧版 pip 看到的列表，它无法识别 TensorFlow 1.15 及以后版本的 manylinux2010 wheel。请在这个 Python 中升级 pip，然后重新安装 TensorFlow {wanted}。</translation>
    </message>
    <message>
        <source>TensorFlow {wanted} has wheels for Python {python} on {platform}, yet pip here offers only {first} to {last}: this machine&apos;s platform (a CPU architecture without wheels), an old pip that does not accept newer wheel tags, or an outdated mirror. Upgrade pip, and check which CPU architecture this Python is built for.</source>
        <translation>TensorFlow {wanted} 有适用于 {platform} 上 Python {python} 的 wheel，但这里的 pip 只提供 {first} 到 {last}：原因可能是本机平台（没有 wheel 的 CPU 架构）、不接受较新 wheel 标签的旧版 pip，或过时的镜像。请升级 pip，并确认这个 Python 是为哪种 CPU 架构构建的。</translation>
    </message>
    <message>
        <source>pip has no TensorFlow {wanted} for this Python ({python}): it only offers {first} to {last}. Use a Python version that TensorFlow {wanted} supports (or a newer TensorFlow).</source>
        <translation>pip 上没有适用于这个 Python（{python}）的 TensorFlow {wanted}：它只提供 {first} 到 {last}。请使用 TensorFlow {wanted} 支持的 Python 版本（或者使用更新的 TensorFlow）。</translation>
    </message>
    <message>
        <source>pip found no TensorFlow wheel for Python {python} ({platform}). TensorFlow publishes wheels for Python {mm} only from a recent release on (newest: {latest}); older TensorFlow releases, an old pip or an outdated mirror offer none. Use a Python version the TensorFlow you need supports.</source>
        <translation>pip 找不到适用于 Python {python}（{platform}）的 TensorFlow wheel 包。TensorFlow 从较新的某个版本起才为 Python {mm} 发布 wheel 包（最新：{latest}）；较旧的 TensorFlow 版本、旧版 pip 或过时的镜像源都不提供。请使用你需要的 TensorFlow 所支持的 Python 版本。</translation>
    </message>
    <message>
        <source>pip found no TensorFlow wheel for Python {python} ({platform}): no TensorFlow release supports this Python version. Install a Python version TensorFlow supports.</source>
        <translation>pip 找不到适用于 Python {python}（{platform}）的 TensorFlow wheel 包：没有任何 TensorFlow 版本支持这个 Python 版本。请安装 TensorFlow 支持的 Python 版本。</translation>
    </message>
    <message>
        <source>pip found no TensorFlow wheel for this Python version or platform. Check the Python version (python --version) against the versions TensorFlow supports, and that Python is 64-bit.</source>
        <translation>pip 找不到适用于这个 Python 版本或平台的 TensorFlow wheel 包。请对照 TensorFlow 支持的版本检查你的 Python 版本（python --version），并确认 Python 是 64 位的。</translation>
    </message>
    <message>
        <source>This Python is 32-bit; {req} (like TensorFlow) publishes 64-bit wheels only. Install 64-bit Python.</source>
        <translation>这个 Python 是 32 位的；{req}（和 TensorFlow 一样）只发布 64 位的 wheel。请安装 64 位 Python。</translation>
    </message>
    <message>
        <source>pip finds no version at all of {req} for Python {python}: that package publishes no wheel for this Python version (or platform). Use a Python version it supports.</source>
        <translation>pip 完全找不到适用于 Python {python} 的 {req}：这个包没有为这个 Python 版本（或平台）发布 wheel。请使用它支持的 Python 版本。</translation>
    </message>
    <message>
        <source>pip finds no installable {req} for this Python and platform (it offers: {offered}). That release has no wheel here: pick a version pip lists, another Python version, or upgrade pip (old pips do not accept newer wheel tags).</source>
        <translation>pip 找不到可以在这个 Python 和平台上安装的 {req}（它提供：{offered}）。这个版本在这里没有 wheel：请选择 pip 列出的版本、换一个 Python 版本，或升级 pip（旧版 pip 不认识较新的 wheel 标签）。</translation>
    </message>
    <message>
        <source>PyTorch could not load fbgemm.dll: its OpenMP runtime (libomp140.x86_64.dll, from the Microsoft Visual C++ Redistributable) is missing. Install the latest Visual C++ 2015-2022 Redistributable (x64).</source>
        <translation>PyTorch 无法加载 fbgemm.dll：它依赖的 OpenMP 运行库（libomp140.x86_64.dll，来自 Microsoft Visual C++ 可再发行组件包）缺失。请安装最新的 Visual C++ 2015-2022 可再发行组件包（x64）。</translation>
    </message>
    <message>
        <source>cuDNN 8.3 and later on Windows need zlibwapi.dll, which is not found.</source>
        <translation>Windows 上的 cuDNN 8.3 及以上版本需要 zlibwapi.dll，但没有找到它。</translation>
    </message>
    <message>
        <source>TensorFlow loaded cuDNN {cudnn}, then the process ended with Windows&apos; crash code 0xC0000409: cuDNN 8.3 to 8.9 on Windows need zlibwapi.dll, and without it the first convolution ends the process. Put zlibwapi.dll (from NVIDIA&apos;s cuDNN install guide) in a folder on PATH, such as CUDA&apos;s bin.</source>
        <translation>TensorFlow 加载了 cuDNN {cudnn}，随后进程以 Windows 崩溃代码 0xC0000409 退出：Windows 上的 cuDNN 8.3 到 8.9 需要 zlibwapi.dll，缺少它时第一次卷积就会让进程退出。请把 zlibwapi.dll（见 NVIDIA 的 cuDNN 安装指南）放到 PATH 中的某个文件夹，例如 CUDA 的 bin 目录。</translation>
    </message>
    <message>
        <source>TensorFlow needs glibc {need} or newer, but this Linux has an older one: the operating system is too old for this TensorFlow build. Use a newer Linux (or a container of one), or a TensorFlow built for it.</source>
        <translation>TensorFlow 需要 glibc {need} 或更新的版本，但这个 Linux 的 glibc 更旧：操作系统对这个 TensorFlow 版本来说太老了。请使用更新的 Linux（或它的容器），或为它构建的 TensorFlow。</translation>
    </message>
    <message>
        <source>Importing TensorFlow failed: {line}</source>
        <translation>导入 TensorFlow 失败：{line}</translation>
    </message>
    <message>
        <source>Python finds a &apos;tensorflow&apos; package without its core (tensorflow.python): an install that was interrupted or half removed, or a folder named tensorflow in the working directory. Uninstall TensorFlow, delete any leftover tensorflow folder, and install it again.</source>
        <translation>Python 找到的 tensorflow 包缺少核心部分（tensorflow.python）：可能是安装中断或只卸载了一半，或者工作目录里有一个名为 tensorflow 的文件夹。请卸载 TensorFlow，删除残留的 tensorflow 文件夹，然后重新安装。</translation>
    </message>
    <message>
        <source>This Python has no TensorFlow package (ModuleNotFoundError). Install it into the Python you run.</source>
        <translation>这个 Python 中没有 TensorFlow 包（ModuleNotFoundError）。请把它安装到你实际运行的那个 Python 中。</translation>
    </message>
    <message>
        <source>The GPU build of TensorFlow&apos;s native library (tensorflow.dll / libtensorflow.so) could not load: it needs the CUDA runtime and cuDNN of its build installed and on the library path.</source>
        <translation>TensorFlow 原生库的 GPU 版本（tensorflow.dll / libtensorflow.so）无法加载：它需要安装与其构建相符的 CUDA 运行库和 cuDNN，并且位于库搜索路径上。</translation>
    </message>
    <message>
        <source>The program could not find TensorFlow&apos;s native library (tensorflow.dll / libtensorflow.so): install the library package your binding needs (for example SciSharp.TensorFlow.Redist, or the libtensorflow archive on the linker path).</source>
        <translation>程序找不到 TensorFlow 的原生库（tensorflow.dll / libtensorflow.so）：请安装你所用绑定需要的库包（例如 SciSharp.TensorFlow.Redist，或把 libtensorflow 压缩包解压到链接器搜索路径上）。</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES is set to &quot;{value}&quot;, which hides every GPU from TensorFlow.</source>
        <translation>CUDA_VISIBLE_DEVICES 被设为 &quot;{value}&quot;，这会让 TensorFlow 看不到任何 GPU。</translation>
    </message>
    <message>
        <source>TensorFlow lists no GPU and the text does not say why. Run with TF_CPP_MIN_LOG_LEVEL=0 and TF_CPP_MAX_VLOG_LEVEL=1 to see which library fails to load.</source>
        <translation>TensorFlow 没有列出 GPU，文本中也没有说明原因。请设置 TF_CPP_MIN_LOG_LEVEL=0 和 TF_CPP_MAX_VLOG_LEVEL=1 后再运行，查看是哪个库加载失败。</translation>
    </message>
    <message>
        <source>These lines are harmless notices ({notices}); nothing here stops TensorFlow from using the GPU.</source>
        <translation>这些行只是无害的提示信息（{notices}）；这里没有任何内容会阻止 TensorFlow 使用 GPU。</translation>
    </message>
    <message>
        <source>The NVIDIA driver {driver} works and sees {count} GPU(s): {names}. It supports CUDA up to {cuda}.</source>
        <translation>NVIDIA 驱动 {driver} 工作正常，识别到 {count} 块 GPU：{names}。它最高支持 CUDA {cuda}。</translation>
    </message>
    <message>
        <source>The CUDA toolkit {cuda} is installed and nvcc works. (TensorFlow needs the CUDA version it was built with; pip&apos;s tensorflow[and-cuda] brings its own.)</source>
        <translation>CUDA 工具包 {cuda} 已安装，nvcc 可以正常工作。（TensorFlow 需要它编译时所用的 CUDA 版本；pip 的 tensorflow[and-cuda] 自带 CUDA。）</translation>
    </message>
    <message>
        <source>This is the header of cuDNN {cudnn}: cuDNN is installed.</source>
        <translation>这是 cuDNN {cudnn} 的头文件：cuDNN 已安装。</translation>
    </message>
    <message>
        <source>This TensorFlow is a GPU build for CUDA {cuda} and cuDNN {cudnn}; those must be installed to use it.</source>
        <translation>这个 TensorFlow 是针对 CUDA {cuda} 和 cuDNN {cudnn} 编译的 GPU 版本；要使用它，必须安装这两者。</translation>
    </message>
    <message>
        <source>The program found the CUDA GPU{name} and uses it: the driver and CUDA work.</source>
        <translation>程序找到了 CUDA GPU{name} 并在使用它：驱动和 CUDA 都正常。</translation>
    </message>
    <message>
        <source>TensorFlow found the GPU{name} and can use it.</source>
        <translation>TensorFlow 找到了 GPU{name}，可以使用它。</translation>
    </message>
    <message>
        <source>The NVIDIA kernel module and the driver library are different versions, usually after a driver update without a reboot. Reboot (or reload the nvidia module).</source>
        <translation>NVIDIA 内核模块与驱动库的版本不同，通常是因为更新驱动后没有重启。请重启（或重新加载 nvidia 模块）。</translation>
    </message>
    <message>
        <source>nvidia-smi inside WSL comes from the Windows NVIDIA driver, yet it finds no GPU it can use: Windows does not pass the GPU through (a GPU in TCC mode, an old Windows build, or a driver without WSL support). Update Windows and the NVIDIA driver, and keep the GPU in WDDM mode.</source>
        <translation>WSL 中的 nvidia-smi 来自 Windows 的 NVIDIA 驱动，却找不到可用的 GPU：Windows 没有把 GPU 传递给 WSL（GPU 处于 TCC 模式、Windows 版本太旧，或驱动不支持 WSL）。请更新 Windows 和 NVIDIA 驱动，并让 GPU 保持 WDDM 模式。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is loaded but lists no GPU (a VM or container without GPU access, or no NVIDIA card).</source>
        <translation>NVIDIA 驱动已加载，但没有列出任何 GPU（可能是没有 GPU 访问权限的虚拟机或容器，或者根本没有 NVIDIA 显卡）。</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES is set to &quot;{value}&quot;, which hides every GPU, so CUDA reports no device.</source>
        <translation>CUDA_VISIBLE_DEVICES 被设为 &quot;{value}&quot;，隐藏了所有 GPU，所以 CUDA 报告没有设备。</translation>
    </message>
    <message>
        <source>TensorFlow found no NVIDIA driver and runs on the CPU. On a machine (or container) without a GPU this is expected; to use a GPU, install the NVIDIA driver (for Docker: run with --gpus all).</source>
        <translation>TensorFlow 没有找到 NVIDIA 驱动，因此在 CPU 上运行。在没有 GPU 的机器（或容器）上这是正常的；如果要使用 GPU，请安装 NVIDIA 驱动（Docker 请加上 --gpus all 运行）。</translation>
    </message>
    <message>
        <source>cuDNN cannot find libcuda.so: under WSL 2 the driver&apos;s libraries are in /usr/lib/wsl/lib, which is not on the loader&apos;s search path here. Add it (export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH), or run sudo ldconfig.</source>
        <translation>cuDNN 找不到 libcuda.so：在 WSL 2 下驱动的库位于 /usr/lib/wsl/lib，而这里它不在加载器的搜索路径中。请把它加进去（export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH），或运行 sudo ldconfig。</translation>
    </message>
    <message>
        <source>Inside WSL, TensorFlow found no GPU driver: the Windows NVIDIA driver provides it through /dev/dxg. Install or update the NVIDIA driver on Windows (not inside WSL) and use WSL 2.</source>
        <translation>在 WSL 中，TensorFlow 没有找到 GPU 驱动：它由 Windows 上的 NVIDIA 驱动通过 /dev/dxg 提供。请在 Windows 上（而不是在 WSL 里）安装或更新 NVIDIA 驱动，并使用 WSL 2。</translation>
    </message>
    <message>
        <source>nvidia-smi cannot talk to an NVIDIA driver: the driver is not installed, or its kernel module is not loaded (not built for the running kernel, or blocked by Secure Boot).</source>
        <translation>nvidia-smi 无法与 NVIDIA 驱动通信：驱动没有安装，或者它的内核模块没有加载（没有为正在运行的内核编译，或者被安全启动 Secure Boot 拦截）。</translation>
    </message>
    <message>
        <source>TensorFlow cannot start CUDA: no working NVIDIA driver ({error}). Install the NVIDIA driver for your GPU, then reboot.</source>
        <translation>TensorFlow 无法启动 CUDA：没有可用的 NVIDIA 驱动（{error}）。请安装适合你显卡的 NVIDIA 驱动，然后重启。</translation>
    </message>
    <message>
        <source>conda&apos;s solver says the NVIDIA driver supports CUDA up to {have} (its __cuda virtual package), but the package needs CUDA {need} or newer. Update the NVIDIA driver, or install the package&apos;s build for CUDA {have}.</source>
        <translation>conda 的求解器显示，NVIDIA 驱动最高支持 CUDA {have}（即它的 __cuda 虚拟包），但这个包需要 CUDA {need} 或更新。请更新 NVIDIA 驱动，或安装该包针对 CUDA {have} 的构建。</translation>
    </message>
    <message>
        <source>conda&apos;s solver sees no NVIDIA driver (it finds no __cuda virtual package), so it will not install a CUDA build. Install the NVIDIA driver. Where no GPU can be seen at install time (a docker build), set CONDA_OVERRIDE_CUDA to the CUDA version the target machine&apos;s driver supports.</source>
        <translation>conda 的求解器看不到 NVIDIA 驱动（找不到 __cuda 虚拟包），所以不会安装 CUDA 版本。请安装 NVIDIA 驱动。如果安装时看不到 GPU（例如 docker build），请把 CONDA_OVERRIDE_CUDA 设为目标机器驱动所支持的 CUDA 版本。</translation>
    </message>
    <message>
        <source>The NVIDIA driver {driver} is too old for CUDA {cuda}, which needs driver {need} or newer. Update the NVIDIA driver.</source>
        <translation>NVIDIA 驱动 {driver} 对 CUDA {cuda} 来说太旧，后者需要 {need} 或更新版本的驱动。请更新 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is too old for the CUDA {cuda} runtime TensorFlow loaded. Update the NVIDIA driver.</source>
        <translation>对于 TensorFlow 加载的 CUDA {cuda} 运行库来说，NVIDIA 驱动太旧了。请更新 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is too old for the CUDA runtime TensorFlow loaded. Update the NVIDIA driver.</source>
        <translation>对于 TensorFlow 加载的 CUDA 运行库来说，NVIDIA 驱动太旧了。请更新 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>TensorFlow was built with cuDNN {compiled}, but the cuDNN it loaded is {runtime}. It needs the same major version and an equal or newer minor version.</source>
        <translation>TensorFlow 编译时使用的是 cuDNN {compiled}，但它加载的 cuDNN 是 {runtime}。两者的主版本必须相同，次版本要相同或更新。</translation>
    </message>
    <message>
        <source>JAX&apos;s CUDA backend was built against cuDNN {compiled} and refuses the older cuDNN it found ({runtime}), so it runs on the CPU. Install a cuDNN at least that new, or a jaxlib built for this one.</source>
        <translation>JAX 的 CUDA 后端是针对 cuDNN {compiled} 构建的，它拒绝使用找到的更旧的 cuDNN（{runtime}），因此只在 CPU 上运行。请安装至少这么新的 cuDNN，或安装针对现有 cuDNN 构建的 jaxlib。</translation>
    </message>
    <message>
        <source>A cuDNN file was found, but without a function the program was built against ({line}): another cuDNN version is loaded first (from the system or LD_LIBRARY_PATH). Remove the stray copy from the search path, or install the cuDNN version the program needs.</source>
        <translation>找到了 cuDNN 文件，但其中缺少程序构建时依赖的函数（{line}）：先加载的是另一个版本的 cuDNN（来自系统或 LD_LIBRARY_PATH）。请把多余的那份从搜索路径中移除，或安装程序需要的 cuDNN 版本。</translation>
    </message>
    <message>
        <source>TensorFlow ran on the GPU but found no working cuDNN (&quot;DNN library is not found&quot;): a cuDNN is there, but not the version this TensorFlow was built for (this TensorFlow: {needed}). This often follows an upgrade of TensorFlow on Colab or in a container: install the matching cuDNN, or go back to the TensorFlow the environment came with.</source>
        <translation>TensorFlow 在 GPU 上运行，但找不到可用的 cuDNN（&quot;DNN library is not found&quot;）：有 cuDNN，但不是这个 TensorFlow 构建时对应的版本（这个 TensorFlow 需要：{needed}）。这常发生在 Colab 或容器里升级了 TensorFlow 之后：请安装匹配的 cuDNN，或退回环境自带的 TensorFlow 版本。</translation>
    </message>
    <message>
        <source>cuDNN {installed} is installed, but the program cannot load it: its folder is not on the loader&apos;s search path. Add cuDNN&apos;s lib folder to LD_LIBRARY_PATH (its bin folder to PATH on Windows), in the shell or profile the program starts from.</source>
        <translation>cuDNN {installed} 已经安装，但程序加载不了它：它所在的文件夹不在加载器的搜索路径中。请把 cuDNN 的 lib 文件夹加入 LD_LIBRARY_PATH（Windows 上把 bin 文件夹加入 PATH），并且要在程序启动时所用的 shell 或配置文件里设置。</translation>
    </message>
    <message>
        <source>cuDNN did not load although cuDNN {installed} is installed: TensorFlow loads another cuDNN (an older copy earlier on the search path) or needs another version (this TensorFlow: {needed}).</source>
        <translation>虽然已安装 cuDNN {installed}，cuDNN 仍没有加载：TensorFlow 加载了另一个 cuDNN（搜索路径中更靠前的旧副本），或者需要其他版本（这个 TensorFlow 需要：{needed}）。</translation>
    </message>
    <message>
        <source>TensorFlow has no working cuDNN (&quot;DNN library is not found&quot;): cuDNN is not installed or did not load (this TensorFlow needs cuDNN {needed}).</source>
        <translation>TensorFlow 没有可用的 cuDNN（&quot;DNN library is not found&quot;）：cuDNN 没有安装或没能加载（这个 TensorFlow 需要 cuDNN {needed}）。</translation>
    </message>
    <message>
        <source>TensorFlow has no working cuDNN (&quot;DNN library is not found&quot;): cuDNN is not installed or did not load.</source>
        <translation>TensorFlow 没有可用的 cuDNN（&quot;DNN library is not found&quot;）：cuDNN 没有安装或没能加载。</translation>
    </message>
    <message>
        <source>cuDNN refuses the {gpu} (compute capability {cc}): the GPU is older than any TensorFlow build and cuDNN support. Use a newer NVIDIA GPU, or run on the CPU.</source>
        <translation>cuDNN 拒绝了 {gpu}（计算能力 {cc}）：这块 GPU 比任何 TensorFlow 版本和 cuDNN 支持的都要老。请换用更新的 NVIDIA GPU，或在 CPU 上运行。</translation>
    </message>
    <message>
        <source>cuDNN refuses the {gpu} (compute capability {cc}, CUDNN_STATUS_ARCH_MISMATCH): this build has no kernels for a GPU that old. Use a build that still supports it (CUDA 11 and cuDNN 8 for Kepler), a newer NVIDIA GPU, or the CPU.</source>
        <translation>cuDNN 拒绝了 {gpu}（计算能力 {cc}，CUDNN_STATUS_ARCH_MISMATCH）：当前构建没有适用于这么老的 GPU 的内核。请使用仍支持它的构建（Kepler 显卡用 CUDA 11 和 cuDNN 8）、换用更新的 NVIDIA GPU，或使用 CPU。</translation>
    </message>
    <message>
        <source>cuDNN {cudnn} has no kernels for this GPU (CUDNN_STATUS_ARCH_MISMATCH): the GPU is older than this build supports. Use a newer NVIDIA GPU, or run on the CPU.</source>
        <translation>cuDNN {cudnn} 没有适用于这块 GPU 的内核（CUDNN_STATUS_ARCH_MISMATCH）：这块 GPU 比当前构建所支持的更老。请换用更新的 NVIDIA GPU，或在 CPU 上运行。</translation>
    </message>
    <message>
        <source>Memory growth was turned on for some GPUs but not for all: TensorFlow needs the same setting on every visible GPU. Call set_memory_growth for each GPU in tf.config.list_physical_devices(&apos;GPU&apos;), right after importing TensorFlow.</source>
        <translation>只为部分 GPU 开启了显存按需增长（memory growth）：TensorFlow 要求所有可见 GPU 的设置相同。请在导入 TensorFlow 之后，立即对 tf.config.list_physical_devices(&apos;GPU&apos;) 中的每块 GPU 调用 set_memory_growth。</translation>
    </message>
    <message>
        <source>A GPU setting (memory growth, visible devices or a memory limit) was changed after TensorFlow had already initialised the GPU. Set it right after importing TensorFlow, before any model or tensor is created.</source>
        <translation>在 TensorFlow 已经初始化 GPU 之后，又修改了 GPU 设置（显存按需增长、可见设备或显存上限）。请在导入 TensorFlow 后立即设置，要在创建任何模型或张量之前。</translation>
    </message>
    <message>
        <source>The GPU ran out of memory while allocating {size}. Use a smaller batch or model, enable memory growth, or close other programs that use the GPU.</source>
        <translation>GPU 在分配 {size} 时显存不足。请使用更小的批大小或模型、开启显存按需增长，或者关闭其他正在使用 GPU 的程序。</translation>
    </message>
    <message>
        <source>The GPU ran out of memory. Use a smaller batch or model, enable memory growth, or close other programs that use the GPU.</source>
        <translation>GPU 显存不足。请使用更小的批大小或模型、开启显存按需增长，或者关闭其他正在使用 GPU 的程序。</translation>
    </message>
    <message>
        <source>cuDNN/cuBLAS could not initialise, which almost always means TensorFlow had already reserved the GPU memory. Enable memory growth (or lower the memory fraction) before building the model.</source>
        <translation>cuDNN/cuBLAS 无法初始化，这几乎总是因为 TensorFlow 已经预先占满了 GPU 显存。请在构建模型之前开启显存按需增长（或降低显存占用比例）。</translation>
    </message>
    <message>
        <source>TensorFlow uses the GPU; the allocator&apos;s &quot;ran out of memory ... not a failure&quot; lines are notices that more memory might run it faster, not errors.</source>
        <translation>TensorFlow 正在使用 GPU；分配器的 “ran out of memory ... not a failure” 是提示：显存更多时可能更快，并不是错误。</translation>
    </message>
    <message>
        <source>The GPU allocator ran short of memory but TensorFlow carried on (&quot;not a failure&quot;): it may run slower. A smaller batch avoids it.</source>
        <translation>GPU 显存分配器一度显存紧张，但 TensorFlow 继续运行了（&quot;not a failure&quot;）：运行可能会变慢。使用更小的批大小可以避免。</translation>
    </message>
    <message>
        <source>When TensorFlow started, its GPU(s) had almost no free memory ({free} MiB free): another process already holds it. Stop that process (see nvidia-smi), or choose a free GPU with CUDA_VISIBLE_DEVICES.</source>
        <translation>TensorFlow 启动时，它的 GPU 几乎没有空闲显存（只剩 {free} MiB）：另一个进程已经占用了它。请结束那个进程（用 nvidia-smi 查看），或用 CUDA_VISIBLE_DEVICES 选一块空闲的 GPU。</translation>
    </message>
    <message>
        <source>XLA cannot find libdevice (nvvm/libdevice/libdevice.10.bc). Install the CUDA nvcc component (e.g. the nvidia-cuda-nvcc pip package) or point XLA_FLAGS=--xla_gpu_cuda_data_dir at a CUDA toolkit folder.</source>
        <translation>XLA 找不到 libdevice（nvvm/libdevice/libdevice.10.bc）。请安装 CUDA 的 nvcc 组件（例如 pip 包 nvidia-cuda-nvcc），或者用 XLA_FLAGS=--xla_gpu_cuda_data_dir 指向一个 CUDA 工具包文件夹。</translation>
    </message>
    <message>
        <source>XLA cannot run ptxas from a CUDA toolkit, so it falls back to the driver (slower; some ops may fail). Install the CUDA nvcc component (e.g. the nvidia-cuda-nvcc pip package).</source>
        <translation>XLA 无法运行 CUDA 工具包中的 ptxas，因此改由驱动来编译（更慢；部分运算可能失败）。请安装 CUDA 的 nvcc 组件（例如 pip 包 nvidia-cuda-nvcc）。</translation>
    </message>
    <message>
        <source>The GPU has compute capability {cc}, below the {minimum} this TensorFlow build needs, so TensorFlow ignores it. The last TensorFlow for this GPU is {last}.</source>
        <translation>这块 GPU 的计算能力是 {cc}，低于这个 TensorFlow 版本要求的 {minimum}，所以 TensorFlow 会忽略它。支持这块 GPU 的最后一个 TensorFlow 版本是 {last}。</translation>
    </message>
    <message>
        <source>The GPU has compute capability {cc}, below the {minimum} this TensorFlow build needs, so TensorFlow ignores it.</source>
        <translation>这块 GPU 的计算能力是 {cc}，低于这个 TensorFlow 版本要求的 {minimum}，所以 TensorFlow 会忽略它。</translation>
    </message>
    <message>
        <source>The ptxas XLA uses is older than this GPU or than TensorFlow&apos;s CUDA. Install the ptxas of TensorFlow&apos;s CUDA version (nvidia-cuda-nvcc) or a newer CUDA toolkit.</source>
        <translation>XLA 使用的 ptxas 比这块 GPU 或 TensorFlow 的 CUDA 版本更旧。请安装与 TensorFlow 的 CUDA 版本一致的 ptxas（nvidia-cuda-nvcc），或者更新的 CUDA 工具包。</translation>
    </message>
    <message>
        <source>The driver supports CUDA {driver} but XLA&apos;s ptxas is {ptxas}; XLA compiles more slowly. Update the NVIDIA driver.</source>
        <translation>驱动支持 CUDA {driver}，但 XLA 的 ptxas 是 {ptxas}；XLA 编译会更慢。请更新 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>This TensorFlow has no GPU kernels built for compute capability {cc}; it compiles them from PTX at start-up (slow the first time, and it may fail on GPUs newer than the build).</source>
        <translation>这个 TensorFlow 没有为计算能力 {cc} 编译 GPU 内核；它会在启动时从 PTX 编译这些内核（第一次会很慢，而且在比该版本更新的 GPU 上可能失败）。</translation>
    </message>
    <message>
        <source>This GPU (compute capability {cc}) is newer than every architecture in this TensorFlow build, and TensorFlow&apos;s compiler cannot produce code for it. Use a TensorFlow build whose architecture list covers this GPU (`tfgpu kb gpu` lists them), or build from source.</source>
        <translation>这块 GPU（计算能力 {cc}）比这个 TensorFlow 版本包含的所有架构都新，TensorFlow 的编译器无法为它生成代码。请使用架构列表涵盖这块 GPU 的 TensorFlow 版本（`tfgpu kb gpu` 会列出），或从源码编译。</translation>
    </message>
    <message>
        <source>This GPU is newer than every architecture in this TensorFlow build, and TensorFlow&apos;s compiler cannot produce code for it. Use a TensorFlow build whose architecture list covers this GPU (`tfgpu kb gpu` lists them), or build from source.</source>
        <translation>这块 GPU 比这个 TensorFlow 版本包含的所有架构都新，TensorFlow 的编译器无法为它生成代码。请使用架构列表涵盖这块 GPU 的 TensorFlow 版本（`tfgpu kb gpu` 会列出），或从源码编译。</translation>
    </message>
    <message>
        <source>The GPU code TensorFlow uses is PTX from a newer CUDA than this driver (or ptxas) understands. Update the NVIDIA driver, or use a TensorFlow built for an older CUDA.</source>
        <translation>TensorFlow 使用的 GPU 代码是来自更新 CUDA 的 PTX，这个驱动（或 ptxas）无法识别。请更新 NVIDIA 驱动，或者使用针对更旧 CUDA 编译的 TensorFlow。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} has no GPU code for compute capability {cc}. The last TensorFlow for this GPU is {last}.</source>
        <translation>TensorFlow {tf} 没有针对计算能力 {cc} 的 GPU 代码。支持这块 GPU 的最后一个 TensorFlow 版本是 {last}。</translation>
    </message>
    <message>
        <source>TensorFlow is not installed in this environment, so there is nothing to benchmark. Install it first (the Diagnosis page, or `tfgpu doctor`, gives the exact command).</source>
        <translation>这个环境里没有安装 TensorFlow，所以无从测试。请先安装（“诊断”页或 `tfgpu doctor` 会给出准确的命令）。</translation>
    </message>
    <message>
        <source>TensorFlow is installed but does not import: {message}. `tfgpu doctor` explains why.</source>
        <translation>TensorFlow 已安装但无法导入：{message}。`tfgpu doctor` 会说明原因。</translation>
    </message>
    <message>
        <source>This Python is too old to run the benchmark (it needs 3.7 or newer): {message}</source>
        <translation>这个 Python 版本太旧，无法运行测试（需要 3.7 或更新）：{message}</translation>
    </message>
    <message>
        <source>The benchmark could not run: {message}</source>
        <translation>测试无法运行：{message}</translation>
    </message>
    <message>
        <source>The benchmark process died: {message}. The figures measured before it are kept.</source>
        <translation>测试进程意外退出：{message}。之前测得的数据已保留。</translation>
    </message>
    <message>
        <source>The GPU tests were skipped: {message}. Only the CPU was measured; the Diagnosis page (`tfgpu doctor`) says why TensorFlow does not see the GPU.</source>
        <translation>已跳过 GPU 测试：{message}。只测了 CPU；“诊断”页（`tfgpu doctor`）会说明 TensorFlow 为什么看不到 GPU。</translation>
    </message>
    <message>
        <source>Some of the benchmark&apos;s output could not be read: {message}</source>
        <translation>测试的部分输出无法读取：{message}</translation>
    </message>
    <message>
        <source>Out of memory even at the smallest size: {message}</source>
        <translation>即使用最小规模也内存不足：{message}</translation>
    </message>
    <message>
        <source>Not supported here: {message}</source>
        <translation>此处不支持：{message}</translation>
    </message>
    <message>
        <source>Not run: {message}</source>
        <translation>未运行：{message}</translation>
    </message>
    <message>
        <source>Failed: {message}</source>
        <translation>失败：{message}</translation>
    </message>
    <message>
        <source>Your {gpu} reached {value} TFLOPS in a float32 matrix multiply ({percent}% of its peak).</source>
        <translation>你的 {gpu} 在 float32 矩阵乘法中达到 {value} TFLOPS（为其峰值的 {percent}%）。</translation>
    </message>
    <message>
        <source>Your {gpu} reached {value} TFLOPS in a float32 matrix multiply (its peak is not in our knowledge base, so no % of peak).</source>
        <translation>你的 {gpu} 在 float32 矩阵乘法中达到 {value} TFLOPS（知识库中没有它的峰值，因此没有峰值百分比）。</translation>
    </message>
    <message>
        <source>Skipped, the suite&apos;s time ran out: {message}.</source>
        <translation>已跳过，该组测试的时间已用完：{message}。</translation>
    </message>
    <message>
        <source>A test did not finish and the benchmark process was stopped: {message}.</source>
        <translation>有测试迟迟没有完成，测试进程已被停止：{message}。</translation>
    </message>
    <message>
        <source>TensorFlow did not start within {message}: its import (or the first use of the GPU) hangs. Close other programs using the GPU and try again; `tfgpu doctor` checks the installation.</source>
        <translation>TensorFlow 在 {message} 内没有启动：导入（或首次使用 GPU）卡住了。请关闭其他占用 GPU 的程序后重试；`tfgpu doctor` 可检查安装情况。</translation>
    </message>
    <message>
        <source>TensorFlow crashed while it was starting ({message}); nothing was measured. `tfgpu doctor` says why it cannot start.</source>
        <translation>TensorFlow 在启动时崩溃（{message}），没有测得任何数据。`tfgpu doctor` 会说明它为什么无法启动。</translation>
    </message>
    <message>
        <source>Nothing was measured: only the GPU was asked for, and {message}. The Diagnosis page (`tfgpu doctor`) says why TensorFlow does not see the GPU.</source>
        <translation>没有测得任何数据：只选择了 GPU，但 {message}。“诊断”页（`tfgpu doctor`）会说明 TensorFlow 为什么看不到 GPU。</translation>
    </message>
    <message>
        <source>That is {ratio}x your CPU at float32 matrix multiply.</source>
        <translation>在 float32 矩阵乘法上是你的 CPU 的 {ratio} 倍。</translation>
    </message>
    <message>
        <source>In {dtype} it reached {value} TFLOPS ({ratio}x float32).</source>
        <translation>使用 {dtype} 时达到 {value} TFLOPS（float32 的 {ratio} 倍）。</translation>
    </message>
    <message>
        <source>Mixed precision (mixed_float16) trained {ratio}x as fast as float32.</source>
        <translation>混合精度（mixed_float16）的训练速度是 float32 的 {ratio} 倍。</translation>
    </message>
    <message>
        <source>XLA (jit_compile) made the training step {ratio}x as fast.</source>
        <translation>XLA（jit_compile）使训练步骤快到原来的 {ratio} 倍。</translation>
    </message>
    <message>
        <source>XLA (jit_compile) made the training step slower here ({ratio}x as fast); small models, and the CPU, often gain nothing from it.</source>
        <translation>在这里 XLA（jit_compile）反而让训练步骤变慢了（原来速度的 {ratio} 倍）；小模型和 CPU 往往从中得不到好处。</translation>
    </message>
    <message>
        <source>Your CPU reached {value} GFLOPS in a float32 matrix multiply ({percent}% of its estimated peak).</source>
        <translation>你的 CPU 在 float32 矩阵乘法中达到 {value} GFLOPS（为估算峰值的 {percent}%）。</translation>
    </message>
    <message>
        <source>Your CPU reached {value} GFLOPS in a float32 matrix multiply, {percent}% of the peak estimated from its clock: it runs faster than the clock we could read (turbo).</source>
        <translation>你的 CPU 在 float32 矩阵乘法中达到 {value} GFLOPS，为按其频率估算的峰值的 {percent}%：它实际运行频率高于我们读到的频率（睿频）。</translation>
    </message>
    <message>
        <source>Your CPU reached {value} GFLOPS in a float32 matrix multiply (its peak could not be derived).</source>
        <translation>你的 CPU 在 float32 矩阵乘法中达到 {value} GFLOPS（无法推算其峰值）。</translation>
    </message>
    <message>
        <source>The benchmark was cancelled; the figures measured so far are shown.</source>
        <translation>测试已取消；显示的是已测得的数据。</translation>
    </message>
    <message>
        <source>The benchmark did not finish every test; the reasons are listed.</source>
        <translation>测试没有全部完成；原因已列出。</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>application clock setting</source>
        <translation>应用程序频率设置</translation>
    </message>
    <message>
        <source>power cap</source>
        <translation>功耗上限</translation>
    </message>
    <message>
        <source>hardware slowdown</source>
        <translation>硬件降速</translation>
    </message>
    <message>
        <source>sync boost</source>
        <translation>同步加速</translation>
    </message>
    <message>
        <source>thermal limit</source>
        <translation>温度限制</translation>
    </message>
    <message>
        <source>hardware thermal slowdown</source>
        <translation>硬件过热降速</translation>
    </message>
    <message>
        <source>power brake</source>
        <translation>功耗制动</translation>
    </message>
    <message>
        <source>display clock setting</source>
        <translation>显示频率设置</translation>
    </message>
    <message>
        <source>other reason</source>
        <translation>其他原因</translation>
    </message>
    <message>
        <source>n/a (WDDM)</source>
        <translation>不可用（WDDM）</translation>
    </message>
    <message>
        <source>A worker could not listen on its loopback port (another program took it first). Run the check again: it picks new free ports.</source>
        <translation>有一个 worker 无法监听它的本机回环端口（另一个程序先占用了它）。请再运行一次检查：它会重新选取空闲端口。</translation>
    </message>
    <message>
        <source>The two workers on this machine did not finish meeting and training within {seconds} s: {errors}</source>
        <translation>本机上的两个 worker 没能在 {seconds} 秒内完成连接和训练：{errors}</translation>
    </message>
    <message>
        <source>The two-worker test did not complete: {errors}</source>
        <translation>双 worker 测试没有完成：{errors}</translation>
    </message>
    <message>
        <source>TF_CONFIG is {size} characters long: it is not a cluster description.</source>
        <translation>TF_CONFIG 长达 {size} 个字符：这不是集群描述。</translation>
    </message>
    <message>
        <source>TF_CONFIG is not valid JSON ({error}). Write it as one JSON object, e.g. {example}.</source>
        <translation>TF_CONFIG 不是有效的 JSON（{error}）。请把它写成一个 JSON 对象，例如 {example}。</translation>
    </message>
    <message>
        <source>TF_CONFIG must be a JSON object with &quot;cluster&quot; and &quot;task&quot;, e.g. {example}.</source>
        <translation>TF_CONFIG 必须是包含 &quot;cluster&quot; 和 &quot;task&quot; 的 JSON 对象，例如 {example}。</translation>
    </message>
    <message>
        <source>TF_CONFIG has no &quot;cluster&quot;: list every machine by role, e.g. {example}.</source>
        <translation>TF_CONFIG 中没有 &quot;cluster&quot;：请按角色列出每台机器，例如 {example}。</translation>
    </message>
    <message>
        <source>TF_CONFIG names a &quot;master&quot;: TensorFlow 2 calls that role &quot;chief&quot;. Rename it.</source>
        <translation>TF_CONFIG 中写的是 &quot;master&quot;：TensorFlow 2 把这个角色叫做 &quot;chief&quot;。请改名。</translation>
    </message>
    <message>
        <source>TF_CONFIG has an unknown role &quot;{role}&quot;; the roles are chief, worker, ps and evaluator.</source>
        <translation>TF_CONFIG 中有未知角色 &quot;{role}&quot;；可用的角色是 chief、worker、ps 和 evaluator。</translation>
    </message>
    <message>
        <source>The &quot;{role}&quot; entry must be a list of &quot;host:port&quot; strings.</source>
        <translation>&quot;{role}&quot; 一项必须是 &quot;host:port&quot; 字符串的列表。</translation>
    </message>
    <message>
        <source>TF_CONFIG lists {count} chiefs; there is at most one.</source>
        <translation>TF_CONFIG 列出了 {count} 个 chief；最多只能有一个。</translation>
    </message>
    <message>
        <source>TF_CONFIG has no &quot;task&quot;: each machine must say which entry of the cluster it is, e.g. &quot;task&quot;: {task}.</source>
        <translation>TF_CONFIG 中没有 &quot;task&quot;：每台机器都必须说明自己是集群中的哪一项，例如 &quot;task&quot;: {task}。</translation>
    </message>
    <message>
        <source>&quot;task&quot; must be an object with &quot;type&quot; and &quot;index&quot;.</source>
        <translation>&quot;task&quot; 必须是包含 &quot;type&quot; 和 &quot;index&quot; 的对象。</translation>
    </message>
    <message>
        <source>&quot;task&quot; must have a &quot;type&quot; (a role name) and an integer &quot;index&quot;.</source>
        <translation>&quot;task&quot; 必须有 &quot;type&quot;（角色名）和整数 &quot;index&quot;。</translation>
    </message>
    <message>
        <source>This machine&apos;s task is &quot;{role}&quot;, but the cluster has no &quot;{role}&quot; list.</source>
        <translation>本机的任务是 &quot;{role}&quot;，但集群中没有 &quot;{role}&quot; 列表。</translation>
    </message>
    <message>
        <source>This machine&apos;s task index is {index}, but the &quot;{role}&quot; list has {count} entries (indexes 0 to {last}).</source>
        <translation>本机的任务序号是 {index}，但 &quot;{role}&quot; 列表只有 {count} 项（序号 0 到 {last}）。</translation>
    </message>
    <message>
        <source>{where} is &quot;{address}&quot;: write it as host:port with a port from 1 to 65535.</source>
        <translation>{where} 是 &quot;{address}&quot;：请写成 host:port，端口在 1 到 65535 之间。</translation>
    </message>
    <message>
        <source>{where} and {other} are the same address ({address}): every task needs its own host:port.</source>
        <translation>{where} 和 {other} 是同一个地址（{address}）：每个任务都需要自己的 host:port。</translation>
    </message>
    <message>
        <source>Port {port} (this machine&apos;s own entry) is already in use by another program: the worker cannot listen there. Stop that program, or choose a free port in TF_CONFIG.</source>
        <translation>端口 {port}（本机自己的那一项）已被另一个程序占用：worker 无法在那里监听。请停止那个程序，或在 TF_CONFIG 中换一个空闲端口。</translation>
    </message>
    <message>
        <source>The distributed runtime could not listen on its host:port: another program (often an earlier run still alive) holds that port. Stop it, or give this task a free port in TF_CONFIG, then check the set-up with `tfgpu cluster check`.</source>
        <translation>分布式运行时无法监听它的 host:port：另一个程序（常常是之前还没退出的运行）占用了这个端口。请停止它，或在 TF_CONFIG 中给这个任务换一个空闲端口，然后用 `tfgpu cluster check` 检查配置。</translation>
    </message>
    <message>
        <source>NCCL all-reduce was asked for, but this TensorFlow has no NCCL (Windows builds never do). Use tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce()).</source>
        <translation>程序要求使用 NCCL all-reduce，但这个 TensorFlow 没有 NCCL（Windows 版本从来都没有）。请使用 tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())。</translation>
    </message>
    <message>
        <source>Keras 3&apos;s model.fit does not work under MultiWorkerMirroredStrategy. Train with a custom loop (strategy.run and strategy.reduce), or install tf-keras and set TF_USE_LEGACY_KERAS=1.</source>
        <translation>Keras 3 的 model.fit 在 MultiWorkerMirroredStrategy 下无法工作。请用自定义训练循环（strategy.run 和 strategy.reduce），或安装 tf-keras 并设置 TF_USE_LEGACY_KERAS=1。</translation>
    </message>
    <message>
        <source>TensorFlow rejects TF_CONFIG: it must be JSON with a &quot;cluster&quot; (every role&apos;s host:port list, one &quot;chief&quot; where the strategy wants one) and this process&apos;s &quot;task&quot; (a role of that cluster and an index inside its list). Fix the variable on every worker, then check it with `tfgpu cluster check`.</source>
        <translation>TensorFlow 拒绝了 TF_CONFIG：它必须是 JSON，包含 &quot;cluster&quot;（每个角色的 host:port 列表；策略需要时要有一个 &quot;chief&quot;）以及本进程的 &quot;task&quot;（该集群中的一个角色，以及在其列表范围内的序号）。请在每个 worker 上修正这个变量，然后用 `tfgpu cluster check` 检查。</translation>
    </message>
    <message>
        <source>A collective operation between workers was aborted or timed out: a worker was not started, crashed, or cannot be reached on its port. Start every worker with the same TF_CONFIG (only &quot;task&quot; differs), open the ports between the machines, and check with `tfgpu cluster check --smoke`.</source>
        <translation>worker 之间的集合通信被中止或超时：有 worker 没有启动、崩溃了，或者它的端口连不上。请用相同的 TF_CONFIG 启动每个 worker（只有 &quot;task&quot; 不同），打开机器之间的端口，并用 `tfgpu cluster check --smoke` 检查。</translation>
    </message>
    <message>
        <source>Scaling on {count} logical CPU devices: a code-path check of MirroredStrategy, not a speed measurement (the devices share one CPU).</source>
        <translation>在 {count} 个逻辑 CPU 设备上的扩展测试：这只是检查 MirroredStrategy 的代码路径，不是速度测量（这些设备共用同一颗 CPU）。</translation>
    </message>
    <message>
        <source>Scaling: {count} {kind} devices train {speedup}x as fast as one ({efficiency}% scaling efficiency, {collective}).</source>
        <translation>扩展：{count} 个 {kind} 设备的训练速度是单个设备的 {speedup} 倍（扩展效率 {efficiency}%，{collective}）。</translation>
    </message>
    <message>
        <source>Windows long paths are off, so pip cannot install TensorFlow</source>
        <translation>Windows 未启用长路径，pip 无法安装 TensorFlow</translation>
    </message>
    <message>
        <source>pip could not write one of TensorFlow&apos;s files because its full path is longer than Windows allows by default (260 characters). Turn on long paths (needs admin), or use a shorter folder.</source>
        <translation>pip 无法写入 TensorFlow 的某个文件，因为它的完整路径超过了 Windows 默认允许的长度（260 个字符）。请启用长路径（需要管理员权限），或使用更短的文件夹。</translation>
    </message>
    <message>
        <source>Could not look inside the WSL distro {distro}; open it once (wsl -d {distro}) and check again.</source>
        <translation>无法查看 WSL 发行版 {distro} 的内部；请先打开它一次（wsl -d {distro}），然后重新检查。</translation>
    </message>
    <message>
        <source>This cuDNN no longer supports your GPU</source>
        <translation>这个 cuDNN 已不再支持你的 GPU</translation>
    </message>
    <message>
        <source>Install a cuDNN release that supports this GPU: the one your TensorFlow was built with (see NVIDIA&apos;s support matrix).</source>
        <translation>安装支持这块 GPU 的 cuDNN 版本：即你的 TensorFlow 编译时所用的版本（见 NVIDIA 的支持矩阵）。</translation>
    </message>
    <message>
        <source>Go back to the last cuDNN for this GPU ({last}), still inside the range TensorFlow accepts:</source>
        <translation>退回到支持这块 GPU 的最后一个 cuDNN（{last}），它仍在 TensorFlow 接受的版本范围内：</translation>
    </message>
    <message>
        <source>If the GPU is older than compute capability {cc} (GTX 9xx/10xx, P100, V100), go back to the last cuDNN for it ({last}):</source>
        <translation>如果 GPU 的计算能力低于 {cc}（GTX 9xx/10xx、P100、V100），请退回到支持它的最后一个 cuDNN（{last}）：</translation>
    </message>
    <message>
        <source>Check that a convolution (which needs cuDNN) now runs on the GPU (the device ends in GPU:0):</source>
        <translation>检查卷积（需要 cuDNN）现在能否在 GPU 上运行（输出的设备名以 GPU:0 结尾）：</translation>
    </message>
    <message>
        <source>Install TensorFlow {tf} with its CUDA libraries, keeping cuDNN at a release that still supports this GPU ({pins}):</source>
        <translation>安装 TensorFlow {tf} 及其 CUDA 库，并把 cuDNN 限定在仍支持这块 GPU 的版本（{pins}）：</translation>
    </message>
    <message>
        <source>No TensorFlow release on PyPI runs on this GPU today</source>
        <translation>目前 PyPI 上没有任何 TensorFlow 版本能在这块 GPU 上运行</translation>
    </message>
    <message>
        <source>Knowledge base, rule {rule} ({status}): {text} Source: {source}</source>
        <translation>知识库规则 {rule}（{status}）：{text} 来源：{source}</translation>
    </message>
    <message>
        <source>Option {option} ({status}): {text} Source: {source}</source>
        <translation>方案 {option}（{status}）：{text} 来源：{source}</translation>
    </message>
    <message>
        <source>Compute capability {cc} runs TensorFlow {tf} from its {arch} PTX, compiled by the driver: the driver must know the PTX of CUDA {cuda}, so use NVIDIA driver {driver} or newer (minor-version compatibility does not cover PTX).</source>
        <translation>计算能力 {cc} 运行 TensorFlow {tf} 时使用其 {arch} PTX，由驱动即时编译：驱动必须认识 CUDA {cuda} 的 PTX，因此请使用 NVIDIA 驱动 {driver} 或更新版本（次版本兼容不适用于 PTX）。</translation>
    </message>
    <message>
        <source>{pin} is added because cuDNN {floor} and newer no longer support compute capability {cc} (they need {cc_below} or newer), and TensorFlow {tf}[and-cuda] would otherwise install the newest cuDNN 9. Source: {source}</source>
        <translation>加上 {pin} 是因为 cuDNN {floor} 及更新版本已不再支持计算能力 {cc}（它们需要 {cc_below} 或更高），而 TensorFlow {tf}[and-cuda] 否则会安装最新的 cuDNN 9。来源：{source}</translation>
    </message>
    <message>
        <source>TensorFlow {tf} publishes no wheel for Python {python} (it has wheels for Python {first} to {last}); the steps use Python {last}.</source>
        <translation>TensorFlow {tf} 没有发布 Python {python} 的安装包（wheel）（只有 Python {first} 到 {last} 的）；以下步骤使用 Python {last}。</translation>
    </message>
    <message>
        <source>Run NVIDIA&apos;s NGC TensorFlow container, made with a CUDA that knows this GPU:</source>
        <translation>运行 NVIDIA 的 NGC TensorFlow 容器，它用支持这块 GPU 的 CUDA 构建：</translation>
    </message>
    <message>
        <source>Try NVIDIA&apos;s NGC TensorFlow container, made with a CUDA that knows this GPU (users report basic operations work; not confirmed, and graph execution can still fail there, tensorflow/tensorflow#112272):</source>
        <translation>可以试试 NVIDIA 的 NGC TensorFlow 容器，它用支持这块 GPU 的 CUDA 构建（用户报告基本运算可以运行；尚未证实，图执行在其中仍可能失败，见 tensorflow/tensorflow#112272）：</translation>
    </message>
    <message>
        <source>Build TensorFlow from source with a CUDA that knows this GPU and its architecture added (not an official build):</source>
        <translation>用支持这块 GPU 的 CUDA 从源码编译 TensorFlow，并加入它的架构（非官方版本）：</translation>
    </message>
    <message>
        <source>Build TensorFlow from source with a CUDA that knows this GPU and its architecture added (not an official build; not confirmed):</source>
        <translation>用支持这块 GPU 的 CUDA 从源码编译 TensorFlow，并加入它的架构（非官方版本；尚未证实）：</translation>
    </message>
    <message>
        <source>Build TensorFlow from source inside WSL2 (Linux) with a CUDA that knows this GPU and its architecture added: native-Windows TensorFlow has no CUDA build after 2.10 (not an official build):</source>
        <translation>在 WSL2（Linux）中用支持这块 GPU 的 CUDA 从源码编译 TensorFlow，并加入它的架构：原生 Windows 版 TensorFlow 在 2.10 之后没有 CUDA 版本（非官方版本）：</translation>
    </message>
    <message>
        <source>Build TensorFlow from source inside WSL2 (Linux) with a CUDA that knows this GPU and its architecture added: native-Windows TensorFlow has no CUDA build after 2.10 (not an official build; not confirmed):</source>
        <translation>在 WSL2（Linux）中用支持这块 GPU 的 CUDA 从源码编译 TensorFlow，并加入它的架构：原生 Windows 版 TensorFlow 在 2.10 之后没有 CUDA 版本（非官方版本；尚未证实）：</translation>
    </message>
    <message>
        <source>Use NVIDIA&apos;s own TensorFlow builds for this platform (NGC containers for Arm servers, JetPack wheels for Jetson):</source>
        <translation>使用 NVIDIA 为这个平台提供的 TensorFlow（Arm 服务器用 NGC 容器，Jetson 用 JetPack 安装包）：</translation>
    </message>
    <message>
        <source>Use NVIDIA&apos;s own TensorFlow builds for this platform (NGC containers for Arm servers, JetPack wheels for Jetson; which release covers which board is not confirmed):</source>
        <translation>使用 NVIDIA 为这个平台提供的 TensorFlow（Arm 服务器用 NGC 容器，Jetson 用 JetPack 安装包；哪个版本支持哪块板卡尚未证实）：</translation>
    </message>
    <message>
        <source>Run TensorFlow on the CPU instead (the PyPI package works without a GPU):</source>
        <translation>改为在 CPU 上运行 TensorFlow（PyPI 上的安装包无需 GPU 也能运行）：</translation>
    </message>
    <message>
        <source>Option: {option}</source>
        <translation>方案：{option}</translation>
    </message>
    <message>
        <source>No TensorFlow release on PyPI runs on {gpu} (compute capability {cc}) today: the released builds contain no kernels for Blackwell GPUs, and compiling their older PTX for it fails (CUDA_ERROR_INVALID_PTX). Installing tensorflow[and-cuda] does not change that.</source>
        <translation>目前 PyPI 上没有任何 TensorFlow 版本能在 {gpu}（计算能力 {cc}）上运行：已发布的版本不含 Blackwell GPU 的计算内核，而把其中较旧的 PTX 编译到这块 GPU 上会失败（CUDA_ERROR_INVALID_PTX）。安装 tensorflow[and-cuda] 也改变不了这一点。</translation>
    </message>
    <message>
        <source>No TensorFlow release on PyPI uses the GPU of {gpu} today: it comes with an Arm (aarch64) host, and TensorFlow&apos;s Arm Linux wheels are CPU-only builds.</source>
        <translation>目前 PyPI 上没有任何 TensorFlow 版本能使用 {gpu} 的 GPU：它配的是 Arm（aarch64）主机，而 TensorFlow 的 Arm Linux 安装包只支持 CPU。</translation>
    </message>
    <message>
        <source>No TensorFlow release on PyPI runs on {gpu} (compute capability {cc}) today: {why}</source>
        <translation>目前 PyPI 上没有任何 TensorFlow 版本能在 {gpu}（计算能力 {cc}）上运行：{why}</translation>
    </message>
    <message>
        <source>cuDNN {cudnn} no longer supports {gpu} (compute capability {cc}): from cuDNN {floor} on, cuDNN has kernels only for compute capability {cc_below} and newer, so it cannot create a handle for this GPU. Keep cuDNN below {floor} ({pin}).</source>
        <translation>cuDNN {cudnn} 已不再支持 {gpu}（计算能力 {cc}）：从 cuDNN {floor} 起，cuDNN 只包含计算能力 {cc_below} 及以上的计算内核，因此无法为这块 GPU 创建句柄。请把 cuDNN 保持在 {floor} 以下（{pin}）。</translation>
    </message>
    <message>
        <source>{gpu} (compute capability {cc}) is too old for cuDNN {floor} and newer, which is what pip installs with TensorFlow {tf}[and-cuda] unless told otherwise; cuDNN then cannot create a handle for this GPU. Keep cuDNN below {floor} ({pin}).</source>
        <translation>{gpu}（计算能力 {cc}）对 cuDNN {floor} 及更新版本来说太旧了，而如果不加限制，pip 安装 TensorFlow {tf}[and-cuda] 时装的正是这样的版本；这时 cuDNN 无法为这块 GPU 创建句柄。请把 cuDNN 保持在 {floor} 以下（{pin}）。</translation>
    </message>
    <message>
        <source>cuDNN reports CUDNN_STATUS_ARCH_MISMATCH: the cuDNN that TensorFlow loaded has no kernels for {gpu} (compute capability {cc}). On GPUs below compute capability {cc_below} (GTX 9xx/10xx, P100, V100) this is cuDNN {floor} or newer: keep it below {floor} ({pin}). Otherwise install the cuDNN release your TensorFlow was built with.</source>
        <translation>cuDNN 报告 CUDNN_STATUS_ARCH_MISMATCH：TensorFlow 加载的 cuDNN 没有 {gpu}（计算能力 {cc}）的计算内核。在计算能力低于 {cc_below} 的 GPU（GTX 9xx/10xx、P100、V100）上，这是因为 cuDNN 版本为 {floor} 或更新：请保持在 {floor} 以下（{pin}）。否则请安装你的 TensorFlow 编译时所用的 cuDNN 版本。</translation>
    </message>
    <message>
        <source>Found through the current folder ({folder}), so it was not run: running it would run that folder&apos;s code. Check it with --here or --python PATH (in the app: Check the Python in this folder).</source>
        <translation>它是通过当前文件夹（{folder}）找到的，因此没有运行：运行它就会运行该文件夹中的代码。可用 --here 或 --python PATH 检查它（在应用中：“检查此文件夹中的 Python”）。</translation>
    </message>
    <message>
        <source>Not found: {why}.</source>
        <translation>未找到：{why}。</translation>
    </message>
    <message>
        <source>The only Pythons found belong to the current folder and were not run; check them with --here (in the app: Check the Python in this folder).</source>
        <translation>找到的 Python 都属于当前文件夹，因此没有运行；可用 --here 检查它们（在应用中：“检查此文件夹中的 Python”）。</translation>
    </message>
    <message>
        <source>A Python of the current folder was not run</source>
        <translation>当前文件夹中的一个 Python 没有运行</translation>
    </message>
    <message>
        <source>Add this folder to the library search path yourself; its name holds characters a shell would run, so no command is given for it: {folder}</source>
        <translation>请自行将此文件夹加入库搜索路径；它的名称含有 shell 会执行的字符，因此不为它提供命令：{folder}</translation>
    </message>
    <message>
        <source>{python} was found through the current folder, so it was not run (running it runs that folder&apos;s code). To check it: tfgpu doctor --here, or tfgpu doctor --python {python}.</source>
        <translation>{python} 是通过当前文件夹找到的，因此没有运行（运行它就会运行该文件夹中的代码）。要检查它：tfgpu doctor --here，或 tfgpu doctor --python {python}。</translation>
    </message>
    <message>
        <source>Not enough free disk space for the install</source>
        <translation>磁盘空间不足，无法安装</translation>
    </message>
    <message>
        <source>pip or conda cannot reach the package index</source>
        <translation>pip 或 conda 无法连接到软件包索引</translation>
    </message>
    <message>
        <source>No TensorFlow package for this Python</source>
        <translation>没有适用于此 Python 的 TensorFlow 软件包</translation>
    </message>
    <message>
        <source>conda is not installed</source>
        <translation>未安装 conda</translation>
    </message>
    <message>
        <source>An install was stopped before it finished</source>
        <translation>安装在完成之前被中断</translation>
    </message>
    <message>
        <source>An install step failed</source>
        <translation>某个安装步骤失败</translation>
    </message>
    <message>
        <source>Going on after the restart: {route}.</source>
        <extracomment>The doctor&apos;s route names -&gt; install routes (&quot;ready&quot; has nothing to install).</extracomment>
        <translation>重启后继续：{route}。</translation>
    </message>
    <message>
        <source>The doctor has no recommendation; name a route.</source>
        <translation>诊断没有给出推荐方案；请指定一个方案。</translation>
    </message>
    <message>
        <source>Nothing to install: TensorFlow {tf} already uses your GPU in {python}.</source>
        <translation>无需安装：{python} 中的 TensorFlow {tf} 已经在使用你的 GPU。</translation>
    </message>
    <message>
        <source>The recommendation ({route}) is not something tfgpu can install; follow its steps.</source>
        <translation>推荐方案（{route}）无法由 tfgpu 自动安装；请按其中的步骤操作。</translation>
    </message>
    <message>
        <source>No TensorFlow build runs on this GPU: installing TensorFlow for the processor.</source>
        <translation>没有任何 TensorFlow 版本能在这块 GPU 上运行：将安装使用 CPU 的 TensorFlow。</translation>
    </message>
    <message>
        <source>Unknown route {route}.</source>
        <translation>未知方案 {route}。</translation>
    </message>
    <message>
        <source>The GPU needs this too, by hand (see the Diagnosis): {title}. TensorFlow can be installed now all the same.</source>
        <translation>要使用 GPU，还需要手动处理这一项（见“诊断”页）：{title}。TensorFlow 现在照样可以安装。</translation>
    </message>
    <message>
        <source>No conda was found (not on PATH, not in the usual folders). The native Windows route needs it for CUDA 11.2 and cuDNN 8.1.</source>
        <translation>未找到 conda（PATH 中和常见文件夹中都没有）。Windows 原生方案需要用它来安装 CUDA 11.2 和 cuDNN 8.1。</translation>
    </message>
    <message>
        <source>Install Miniforge (conda with the conda-forge channel), for just you:</source>
        <translation>安装 Miniforge（使用 conda-forge 频道的 conda），选择仅为当前用户安装：</translation>
    </message>
    <message>
        <source>Then start the install again; tfgpu finds conda in its usual folder.</source>
        <translation>然后重新开始安装；tfgpu 会在其默认文件夹中找到 conda。</translation>
    </message>
    <message>
        <source>No Python here has a TensorFlow {tf} package; it is published for Python {wanted} on {platform}.</source>
        <translation>本机没有任何 Python 有 TensorFlow {tf} 的软件包；它只为 {platform} 上的 Python {wanted} 发布。</translation>
    </message>
    <message>
        <source>The disk that holds {target} has {free} GB free; this install needs about {needed} GB.</source>
        <translation>{target} 所在的磁盘只剩 {free} GB 可用空间；本次安装大约需要 {needed} GB。</translation>
    </message>
    <message>
        <source>Free some space (empty the recycle bin, remove old environments), or choose a folder on another disk with --target (“Folder” in the app).</source>
        <translation>请释放一些空间（清空回收站、删除旧环境），或用 --target（程序中的“文件夹”）选择另一块磁盘上的文件夹。</translation>
    </message>
    <message>
        <source>The environment in {target} is incomplete: the install did not finish. Nothing else was changed.</source>
        <translation>{target} 中的环境不完整：安装没有完成。其他内容都没有被改动。</translation>
    </message>
    <message>
        <source>Remove it, then start again:</source>
        <translation>删除它，然后重新开始：</translation>
    </message>
    <message>
        <source>A step stopped because the disk is full (“No space left on device”).</source>
        <translation>某个步骤因磁盘已满而停止（“No space left on device”）。</translation>
    </message>
    <message>
        <source>pip could not reach the package index through the proxy that is set.</source>
        <translation>pip 无法通过已设置的代理连接到软件包索引。</translation>
    </message>
    <message>
        <source>pip or conda could not reach the package index: no network connection, a proxy that is not set, or a blocked site.</source>
        <translation>pip 或 conda 无法连接到软件包索引：可能没有网络连接、没有设置代理，或网站被屏蔽。</translation>
    </message>
    <message>
        <source>The package index has no {spec} for Python {python} on this platform.</source>
        <translation>软件包索引中没有适用于本平台 Python {python} 的 {spec}。</translation>
    </message>
    <message>
        <source>The step failed: {error}</source>
        <translation>该步骤失败：{error}</translation>
    </message>
    <message>
        <source>Check that this computer is online. Behind a proxy, set HTTPS_PROXY to its address (http://host:port) and start again.</source>
        <translation>请确认本电脑已联网。如果需要通过代理上网，请把 HTTPS_PROXY 设为代理地址（http://主机:端口），然后重新开始。</translation>
    </message>
    <message>
        <source>Or use a mirror of the package index that you can reach (this one is in China), then start again:</source>
        <translation>或者使用一个你能访问的软件包索引镜像（下面这个位于中国），然后重新开始：</translation>
    </message>
    <message>
        <source>Install Python {wanted} (or use one you have), then start again and choose it (--python PATH):</source>
        <translation>安装 Python {wanted}（或使用你已有的），然后重新开始并选择它（--python 路径）：</translation>
    </message>
    <message>
        <source>The new environment&apos;s Python could not be run.</source>
        <translation>无法运行新环境中的 Python。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} is installed and uses the GPU.</source>
        <translation>TensorFlow {tf} 已安装，并且正在使用 GPU。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} is installed and runs on the processor.</source>
        <translation>TensorFlow {tf} 已安装，在 CPU 上运行。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} is installed; it does not use a GPU: {reason}</source>
        <translation>TensorFlow {tf} 已安装，但没有使用 GPU：{reason}</translation>
    </message>
    <message>
        <source>TensorFlow was not found in the new environment: {reason}</source>
        <translation>在新环境中没有找到 TensorFlow：{reason}</translation>
    </message>
    <message>
        <source>No TensorFlow build is known to run on this GPU (compute capability {cc}); the cpu route installs TensorFlow for the processor.</source>
        <translation>目前已知没有任何 TensorFlow 版本能在这块 GPU（计算能力 {cc}）上运行；cpu 方案会安装使用 CPU 的 TensorFlow。</translation>
    </message>
    <message>
        <source>TensorFlow publishes wheels for Python {wanted}, not {python}: pip will probably find none.</source>
        <translation>TensorFlow 只为 Python {wanted} 发布 wheel，没有 {python} 的：pip 很可能找不到可用的包。</translation>
    </message>
    <message>
        <source>Install CUDA {cuda} and cuDNN {cudnn} from NVIDIA</source>
        <translation>从 NVIDIA 安装 CUDA {cuda} 和 cuDNN {cudnn}</translation>
    </message>
    <message>
        <source>This TensorFlow predates the pip CUDA packages: it loads the system&apos;s CUDA libraries.</source>
        <translation>这个 TensorFlow 版本早于 pip 提供的 CUDA 软件包：它会加载系统中安装的 CUDA 库。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} is the newest build with code for compute capability {cc}.</source>
        <translation>TensorFlow {tf} 是包含计算能力 {cc} 代码的最新版本。</translation>
    </message>
    <message>
        <source>No TensorFlow build is known to run on this GPU (compute capability {cc}).</source>
        <translation>目前已知没有任何 TensorFlow 版本能在这块 GPU（计算能力 {cc}）上运行。</translation>
    </message>
    <message>
        <source>Everything runs inside the WSL distribution {distro}; Windows itself is not changed. For the full check afterwards, run tfgpu doctor inside {distro}.</source>
        <translation>所有操作都在 WSL 发行版 {distro} 中进行；Windows 本身不会被改动。安装完成后，如需完整检查，请在 {distro} 中运行 tfgpu doctor。</translation>
    </message>
    <message>
        <source>The steps after the restart run when you come back; they are shown now so you know what follows.</source>
        <translation>重启之后的步骤会在你回来时运行；现在列出它们，是为了让你知道接下来会做什么。</translation>
    </message>
    <message>
        <source>The route {route} is for {system} only.</source>
        <translation>方案 {route} 只适用于 {system}。</translation>
    </message>
    <message>
        <source>Nothing was changed: {reason}</source>
        <extracomment>Variables that would send pip somewhere other than the new environment (PIP_REQUIRE_VIRTUALENV too: a conda environment is not a virtualenv to pip, and the guard already proves the target).</extracomment>
        <translation>没有做任何改动：{reason}</translation>
    </message>
    <message>
        <source>Stopped before {step}.</source>
        <translation>在“{step}”之前停止。</translation>
    </message>
    <message>
        <source>Installed {spec} in {target}.</source>
        <translation>已将 {spec} 安装到 {target}。</translation>
    </message>
    <message>
        <source>Stopped before “{step}”: it needs administrator rights and was not confirmed. You can run it yourself: {command}</source>
        <translation>在“{step}”之前停止：该步骤需要管理员权限，但没有得到确认。你可以自己运行：{command}</translation>
    </message>
    <message>
        <source>Stopped during {step}.</source>
        <translation>在“{step}”期间停止。</translation>
    </message>
    <message>
        <source>The step ran, but its check did not prove it worked: {command}</source>
        <translation>该步骤已运行，但检查没能证明它成功了：{command}</translation>
    </message>
    <message>
        <source>{program} could not be started: {error}</source>
        <translation>无法启动 {program}：{error}</translation>
    </message>
    <message>
        <source>{step} took longer than {minutes} minutes and was stopped.</source>
        <translation>“{step}”运行超过 {minutes} 分钟，已被停止。</translation>
    </message>
    <message>
        <source>The step that needs administrator rights did not succeed ({error}). Run it yourself in a terminal, then start again: {command}</source>
        <translation>需要管理员权限的步骤没有成功（{error}）。请在终端中自己运行它，然后重新开始：{command}</translation>
    </message>
    <message>
        <source>Internal error: {error}</source>
        <translation>内部错误：{error}</translation>
    </message>
    <message>
        <source>No target folder was given.</source>
        <extracomment>Files that say a folder is a Python installation or environment.</extracomment>
        <translation>没有指定目标文件夹。</translation>
    </message>
    <message>
        <source>{target} holds {chars}, which a shell reads as syntax: a venv&apos;s activate script made from it could run a command (CVE-2024-9287). Choose a folder name without them.</source>
        <translation>{target} 含有 {chars}，shell 会把它们当作语法：由它生成的 venv 激活脚本可能会执行命令（CVE-2024-9287）。请选择不含这些字符的文件夹名。</translation>
    </message>
    <message>
        <source>{target} is a Python interpreter. tfgpu installs only into new environments it creates, never into an existing Python.</source>
        <translation>{target} 是一个 Python 解释器。tfgpu 只安装到它自己新建的环境中，绝不会安装到已有的 Python 里。</translation>
    </message>
    <message>
        <source>{target} is a file, not a folder.</source>
        <translation>{target} 是一个文件，不是文件夹。</translation>
    </message>
    <message>
        <source>{target} is a link: tfgpu creates environments only in real folders (removing one later must never follow a link). Give the folder it points to, or a new name.</source>
        <translation>{target} 是一个链接：tfgpu 只在真实的文件夹中创建环境（以后删除时绝不能跟随链接）。请给出它指向的文件夹，或换一个新名字。</translation>
    </message>
    <message>
        <source>{target} holds an environment tfgpu created earlier ({status}). Remove it first (tfgpu install --remove), or choose another folder.</source>
        <translation>{target} 中是 tfgpu 之前创建的环境（{status}）。请先删除它（tfgpu install --remove），或选择另一个文件夹。</translation>
    </message>
    <message>
        <source>{target} is an existing Python installation or environment. tfgpu installs only into new environments it creates, never into a base, system or someone else&apos;s environment.</source>
        <translation>{target} 是一个已有的 Python 安装或环境。tfgpu 只安装到它自己新建的环境中，绝不会安装到基础环境、系统环境或别人的环境里。</translation>
    </message>
    <message>
        <source>{target} already exists and is not empty. Choose a new folder (or an empty one).</source>
        <translation>{target} 已存在且不为空。请选择一个新的（或空的）文件夹。</translation>
    </message>
    <message>
        <source>The new environment&apos;s Python did not answer ({error}).</source>
        <translation>新环境中的 Python 没有响应（{error}）。</translation>
    </message>
    <message>
        <source>{python} installs into {prefix}, not into the new environment {target}: stopped before pip.</source>
        <translation>{python} 会安装到 {prefix}，而不是新环境 {target}：已在运行 pip 之前停止。</translation>
    </message>
    <message>
        <source>{python} is a base interpreter (externally managed: {managed}); tfgpu never installs into one.</source>
        <translation>{python} 是一个基础解释器（由外部管理：{managed}）；tfgpu 绝不会安装到这样的解释器中。</translation>
    </message>
    <message>
        <source>{path} is not an environment tfgpu created: refused. tfgpu removes only the environments in its own list.</source>
        <translation>{path} 不是 tfgpu 创建的环境：已拒绝。tfgpu 只删除它自己列表中的环境。</translation>
    </message>
    <message>
        <source>{path} in {location}</source>
        <translation>{location} 中的 {path}</translation>
    </message>
    <message>
        <source>{path} is a link now, not the folder tfgpu created: refused.</source>
        <translation>{path} 现在是一个链接，不是 tfgpu 创建的文件夹：已拒绝。</translation>
    </message>
    <message>
        <source>{path} no longer exists; it is taken off the list.</source>
        <translation>{path} 已不存在；已将其从列表中移除。</translation>
    </message>
    <message>
        <source>{path} is in tfgpu&apos;s list but does not carry tfgpu&apos;s marker (an install stopped before it was written, or something else lives there now). Refused; delete it yourself if you are sure.</source>
        <translation>{path} 在 tfgpu 的列表中，但没有 tfgpu 的标记（安装在写入标记前就停止了，或者那里现在存放着别的东西）。已拒绝；如果你确定，请自己删除它。</translation>
    </message>
    <message>
        <source>{path} is not the folder tfgpu created (its device and inode differ, though it carries a copy of the marker). Refused.</source>
        <translation>{path} 不是 tfgpu 创建的那个文件夹（虽然带有标记的副本，但设备号和 inode 不同）。已拒绝。</translation>
    </message>
    <message>
        <source>{path} has another file system mounted inside it ({mount}): tfgpu never deletes across a mount point. Unmount it first.</source>
        <translation>{path} 内部挂载了另一个文件系统（{mount}）：tfgpu 绝不会跨越挂载点删除。请先卸载它。</translation>
    </message>
    <message>
        <source>{path} is an environment tfgpu created: it can be removed.</source>
        <translation>{path} 是 tfgpu 创建的环境：可以删除。</translation>
    </message>
    <message>
        <source>Could not remove {path}: {error}</source>
        <translation>无法删除 {path}：{error}</translation>
    </message>
    <message>
        <source>Could not remove everything in {path}: {error}</source>
        <translation>无法删除 {path} 中的全部内容：{error}</translation>
    </message>
    <message>
        <source>{path} was removed, but tfgpu&apos;s list could not be updated: {error}</source>
        <translation>{path} 已删除，但无法更新 tfgpu 的列表：{error}</translation>
    </message>
    <message>
        <source>Removed {path}.</source>
        <translation>已删除 {path}。</translation>
    </message>
    <message>
        <source>Create a new virtual environment in {target}</source>
        <extracomment>TF before 2.18 was compiled against NumPy 1.x, and 2.10 does not say so in its requirements: pip would pick NumPy 2 and the import would fail (the same pin as fixes.py&apos;s conda route).</extracomment>
        <translation>在 {target} 中创建新的虚拟环境</translation>
    </message>
    <message>
        <source>TensorFlow goes into an environment of its own, so no Python you already use is changed, and removing it removes everything.</source>
        <translation>TensorFlow 会安装到一个独立的环境中，因此你正在使用的 Python 都不会被改动；删除这个环境就能删除所有内容。</translation>
    </message>
    <message>
        <source>Create a new conda environment in {target} with {packages}</source>
        <translation>在 {target} 中创建包含 {packages} 的新 conda 环境</translation>
    </message>
    <message>
        <source>conda brings the CUDA and cuDNN libraries this TensorFlow needs into the environment itself: nothing is installed system-wide. Only conda-forge is used, which needs no licence acceptance.</source>
        <translation>conda 会把这个 TensorFlow 所需的 CUDA 和 cuDNN 库装进环境本身：不会在系统范围内安装任何东西。只使用 conda-forge 频道，无需接受许可条款。</translation>
    </message>
    <message>
        <source>Update pip inside the new environment</source>
        <translation>更新新环境中的 pip</translation>
    </message>
    <message>
        <source>The pip that comes with Python can be too old to know the wheel tags TensorFlow is published with, and to report its progress.</source>
        <translation>Python 自带的 pip 可能太旧，既不认识 TensorFlow 发布时使用的 wheel 标签，也无法报告下载进度。</translation>
    </message>
    <message>
        <source>Install {specs} into the new environment</source>
        <translation>将 {specs} 安装到新环境中</translation>
    </message>
    <message>
        <source>pip downloads TensorFlow and what it needs from the package index (several hundred MB, more with the CUDA libraries).</source>
        <translation>pip 会从软件包索引下载 TensorFlow 及其依赖（几百 MB，包含 CUDA 库时更多）。</translation>
    </message>
    <message>
        <source>Install {packages} (administrator rights)</source>
        <translation>安装 {packages}（需要管理员权限）</translation>
    </message>
    <message>
        <source>This Python comes without its venv module (Debian and Ubuntu ship it separately); the system&apos;s package manager adds it.</source>
        <translation>这个 Python 没有自带 venv 模块（Debian 和 Ubuntu 将其单独打包）；由系统的包管理器来安装它。</translation>
    </message>
    <message>
        <source>Refresh the package lists (administrator rights)</source>
        <translation>刷新软件包列表（需要管理员权限）</translation>
    </message>
    <message>
        <source>A new Ubuntu knows no packages until its lists are fetched.</source>
        <translation>新安装的 Ubuntu 在获取软件包列表之前不知道有哪些软件包。</translation>
    </message>
    <message>
        <source>Install WSL 2 with {distro} (administrator rights, then a restart)</source>
        <translation>安装 WSL 2 和 {distro}（需要管理员权限，之后需要重启）</translation>
    </message>
    <message>
        <source>TensorFlow after 2.10 uses the GPU on Windows only inside WSL 2. Windows asks for administrator rights, then needs a restart.</source>
        <translation>TensorFlow 2.10 之后的版本在 Windows 上只能在 WSL 2 中使用 GPU。Windows 会请求管理员权限，之后需要重启。</translation>
    </message>
    <message>
        <source>Restart Windows</source>
        <translation>重启 Windows</translation>
    </message>
    <message>
        <source>WSL is ready only after a restart. Then open TF GPU Assistant again (or run tfgpu install): it goes on inside {distro}. If {distro} asks for a user name and password, choose them first.</source>
        <translation>WSL 需要重启后才能使用。重启后请再次打开 TF GPU Assistant（或运行 tfgpu install）：它会在 {distro} 中继续安装。如果 {distro} 要求设置用户名和密码，请先设置好。</translation>
    </message>
    <message>
        <source>NumPy 2 is installed, but this TensorFlow needs NumPy 1.x</source>
        <translation>已安装 NumPy 2，但这个 TensorFlow 需要 NumPy 1.x</translation>
    </message>
    <message>
        <source>This CPU lacks AVX, which prebuilt TensorFlow needs</source>
        <translation>这台电脑的 CPU 不支持 AVX，而预编译的 TensorFlow 需要它</translation>
    </message>
    <message>
        <source>CUDA_PATH or PATH points to the wrong CUDA toolkit</source>
        <translation>CUDA_PATH 或 PATH 指向了错误的 CUDA 工具包</translation>
    </message>
    <message>
        <source>An error tfgpu does not recognise</source>
        <translation>tfgpu 无法识别的错误</translation>
    </message>
    <message>
        <source>Download and install the latest NVIDIA driver for your GPU (Game Ready or Studio), then restart.</source>
        <translation>下载并安装适合你 GPU 的最新 NVIDIA 驱动（Game Ready 或 Studio 版），然后重启。</translation>
    </message>
    <message>
        <source>After the restart, check that the driver answers:</source>
        <translation>重启后，检查驱动是否正常响应：</translation>
    </message>
    <message>
        <source>Install the driver Ubuntu recommends for this GPU, then restart:</source>
        <translation>安装 Ubuntu 为这块 GPU 推荐的驱动，然后重启：</translation>
    </message>
    <message>
        <source>Enable the &apos;contrib non-free non-free-firmware&apos; components in /etc/apt/sources.list (Debian&apos;s guide shows how), then install the driver and restart:</source>
        <translation>在 /etc/apt/sources.list 中启用 “contrib non-free non-free-firmware” 组件（Debian 的指南说明了做法），然后安装驱动并重启：</translation>
    </message>
    <message>
        <source>Enable the RPM Fusion repositories (free and nonfree; their guide shows how), then install the driver, wait a few minutes for its kernel module to build, and restart:</source>
        <translation>启用 RPM Fusion 软件源（free 和 nonfree；其指南说明了做法），然后安装驱动，等待几分钟让内核模块编译完成，再重启：</translation>
    </message>
    <message>
        <source>Install Manjaro&apos;s proprietary NVIDIA driver for this card, then restart:</source>
        <translation>为这块显卡安装 Manjaro 的专有 NVIDIA 驱动，然后重启：</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver (nvidia-open is for Turing, GTX 16xx / RTX 20xx, and newer; older cards need a legacy driver, see the wiki), then restart:</source>
        <translation>安装 NVIDIA 驱动（nvidia-open 适用于 Turing 架构即 GTX 16xx / RTX 20xx 及更新的显卡；更老的显卡需要旧版驱动，见 wiki），然后重启：</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver from openSUSE&apos;s NVIDIA repository, as its guide shows, then restart.</source>
        <translation>按 openSUSE 指南，从其 NVIDIA 软件源安装 NVIDIA 驱动，然后重启。</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver from NVIDIA&apos;s repository for this distribution, as NVIDIA&apos;s driver installation guide shows, then restart.</source>
        <translation>按 NVIDIA 驱动安装指南，从 NVIDIA 为该发行版提供的软件源安装驱动，然后重启。</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver for your GPU with your distribution&apos;s package manager (or NVIDIA&apos;s installer), then restart.</source>
        <translation>用发行版的包管理器（或 NVIDIA 的安装程序）为你的 GPU 安装 NVIDIA 驱动，然后重启。</translation>
    </message>
    <message>
        <source>Install TensorFlow for the CPU (no NVIDIA card here; graphics: {adapters}):</source>
        <translation>安装 CPU 版的 TensorFlow（这里没有 NVIDIA 显卡；显卡：{adapters}）：</translation>
    </message>
    <message>
        <source>For GPU speed, use a computer or a cloud instance with an NVIDIA GPU (e.g. Google Colab, or a cloud VM with an NVIDIA GPU) and run tfgpu there.</source>
        <translation>若要 GPU 的速度，请使用带 NVIDIA GPU 的电脑或云实例（例如 Google Colab，或带 NVIDIA GPU 的云服务器），并在那里运行 tfgpu。</translation>
    </message>
    <message>
        <source>Graphics adapters on this computer: {adapters}. CUDA needs an NVIDIA GPU, so install TensorFlow for the CPU here, or use a computer or cloud instance with an NVIDIA GPU.</source>
        <translation>这台电脑的显卡：{adapters}。CUDA 需要 NVIDIA GPU，所以请在这里安装 CPU 版 TensorFlow，或使用带 NVIDIA GPU 的电脑或云实例。</translation>
    </message>
    <message>
        <source>This computer has no NVIDIA graphics card (graphics adapters found: {adapters}). CUDA, and so TensorFlow&apos;s GPU support, needs an NVIDIA GPU: TensorFlow runs on the CPU here. No NVIDIA driver or CUDA download will change that.</source>
        <translation>这台电脑没有 NVIDIA 显卡（找到的显卡：{adapters}）。CUDA 以及 TensorFlow 的 GPU 支持都需要 NVIDIA GPU：这里 TensorFlow 只能在 CPU 上运行。下载任何 NVIDIA 驱动或 CUDA 都改变不了这一点。</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libs}: the CUDA {wanted} runtime it was built for is not installed (or not on the search path), so it runs on the CPU. To use the GPU, install it. (If you only want the CPU, you can ignore this message.)</source>
        <translation>TensorFlow 无法加载 {libs}：它所需的 CUDA {wanted} 运行库没有安装（或不在搜索路径上），因此它在 CPU 上运行。要使用 GPU，请安装它。（如果你只用 CPU，可以忽略这条消息。）</translation>
    </message>
    <message>
        <source>TensorFlow could not load {libs}: the CUDA runtime it was built for is not installed (or not on the search path), so it runs on the CPU. To use the GPU, install it. (If you only want the CPU, you can ignore this message.)</source>
        <translation>TensorFlow 无法加载 {libs}：它所需的 CUDA 运行库没有安装（或不在搜索路径上），因此它在 CPU 上运行。要使用 GPU，请安装它。（如果你只用 CPU，可以忽略这条消息。）</translation>
    </message>
    <message>
        <source>TensorFlow crashed with an illegal instruction: this CPU lacks AVX, which prebuilt TensorFlow (1.6 and later) needs. Use a TensorFlow build without AVX, TensorFlow 1.5, or another computer.</source>
        <translation>TensorFlow 因非法指令而崩溃：这台电脑的 CPU 不支持 AVX，而预编译的 TensorFlow（1.6 及以后）需要它。请使用不需要 AVX 的 TensorFlow 版本、TensorFlow 1.5，或换一台电脑。</translation>
    </message>
    <message>
        <source>tfgpu does not recognise this failure: {line}. Run the command below and paste its whole output here, or run &apos;tfgpu doctor&apos; on the computer where it happens.</source>
        <translation>tfgpu 无法识别这个错误：{line}。请运行下面的命令并把完整输出粘贴到这里，或在出问题的电脑上运行 “tfgpu doctor”。</translation>
    </message>
    <message>
        <source>Show the Python version and whether it is 64-bit:</source>
        <translation>显示 Python 版本以及它是否为 64 位：</translation>
    </message>
    <message>
        <source>Show the NVIDIA driver and the GPUs it sees:</source>
        <translation>显示 NVIDIA 驱动以及它能看到的 GPU：</translation>
    </message>
    <message>
        <source>Show the TensorFlow version, its build and the GPUs it lists:</source>
        <translation>显示 TensorFlow 版本、它的构建信息以及它列出的 GPU：</translation>
    </message>
    <message>
        <source>This text shows no failure ({line}), and its wording is most like the real cases where nothing was wrong with the GPU set-up ({percent}% sure, a statistical guess): {meaning}</source>
        <translation>这段文字中没有任何失败的迹象（{line}），它的措辞最像那些 GPU 配置其实没有问题的真实案例（把握 {percent}%，这是统计推测）：{meaning}</translation>
    </message>
    <message>
        <source>This text shows no error line ({line}), but its wording is most like the real cases where the cause was this ({percent}% sure, a statistical guess): {meaning}</source>
        <translation>这段文字里没有错误行（{line}），但它的措辞最像那些原因是下面这一项的真实案例（把握 {percent}%，统计推测）：{meaning}</translation>
    </message>
    <message>
        <source>No rule names the cause of this failure ({line}), but its wording is most like the real cases where the cause was this ({percent}% sure, a statistical guess): {meaning}</source>
        <translation>没有规则能说出这个失败的原因（{line}），但它的措辞最像那些原因是下面这一项的真实案例（把握 {percent}%，统计推测）：{meaning}</translation>
    </message>
    <message>
        <source>CUDA reports no device although the GPU works elsewhere on this machine: CUDA_VISIBLE_DEVICES (set by you or by the script, to an empty value or an index that does not exist) hides it. Unset it, or set it to the GPU&apos;s index (0 on a one-GPU machine).</source>
        <translation>虽然这台电脑上的 GPU 在别处可以正常使用，CUDA 却报告没有设备：CUDA_VISIBLE_DEVICES（由你或脚本设置为空值或不存在的编号）把它隐藏了。请取消该变量，或把它设为 GPU 的编号（只有一块 GPU 时为 0）。</translation>
    </message>
    <message>
        <source>Inside the container CUDA finds no GPU: the container was started without GPU access. Install the NVIDIA Container Toolkit on the host and start the container with --gpus all.</source>
        <translation>容器里 CUDA 找不到 GPU：容器启动时没有获得 GPU 访问权限。请在宿主机上安装 NVIDIA Container Toolkit，并用 --gpus all 启动容器。</translation>
    </message>
    <message>
        <source>This machine has no NVIDIA GPU, so CUDA cannot start and TensorFlow runs on the CPU. That is expected here; for GPU training use a machine (or cloud instance) with an NVIDIA GPU.</source>
        <translation>这台电脑没有 NVIDIA GPU，所以 CUDA 无法启动，TensorFlow 在 CPU 上运行。这在这里是正常的；若要用 GPU 训练，请使用带 NVIDIA GPU 的电脑（或云实例）。</translation>
    </message>
    <message>
        <source>TensorFlow fails to import because this CPU ({cpu}) has no AVX instructions, which prebuilt TensorFlow (1.6 and later) needs. Use a TensorFlow build without AVX, TensorFlow 1.5, or another computer.</source>
        <translation>TensorFlow 无法导入，因为这台电脑的 CPU（{cpu}）不支持 AVX 指令，而预编译的 TensorFlow（1.6 及以后）需要它。请使用不需要 AVX 的 TensorFlow 版本、TensorFlow 1.5，或换一台电脑。</translation>
    </message>
    <message>
        <source>pip downloaded the tensorflow-gpu name, an empty package that only fails since TensorFlow 2.12. Install the real package instead (on native Windows the last GPU build is TensorFlow 2.10).</source>
        <translation>pip 下载的是 tensorflow-gpu 这个名字：自 TensorFlow 2.12 起它只是一个会安装失败的空包。请改装真正的包（在原生 Windows 上，最后一个 GPU 版本是 TensorFlow 2.10）。</translation>
    </message>
    <message>
        <source>The NVIDIA driver library is version {library} but the loaded kernel module is {kernel}: the driver was updated without a reboot. Restart the computer.</source>
        <translation>NVIDIA 驱动库的版本是 {library}，但已加载的内核模块是 {kernel}：驱动更新后没有重启。请重启电脑。</translation>
    </message>
    <message>
        <source>On native Windows TensorFlow {tf} is a CPU-only build: GPU support there ended with TensorFlow {last}. Use WSL2 with tensorflow[and-cuda], or TensorFlow {last} with CUDA 11.2 and cuDNN 8.1.</source>
        <translation>在原生 Windows 上，TensorFlow {tf} 是仅 CPU 的版本：Windows 上的 GPU 支持止于 TensorFlow {last}。请使用 WSL2 加 tensorflow[and-cuda]，或使用 TensorFlow {last} 配合 CUDA 11.2 和 cuDNN 8.1。</translation>
    </message>
    <message>
        <source>No TensorFlow uses CUDA {cuda} on native Windows: the last Windows GPU build is TensorFlow {last} (CUDA 11.2, cuDNN 8.1). Use WSL2 with tensorflow[and-cuda], or TensorFlow {last} with CUDA 11.2.</source>
        <translation>在原生 Windows 上没有任何 TensorFlow 使用 CUDA {cuda}：Windows 上最后一个 GPU 版本是 TensorFlow {last}（CUDA 11.2、cuDNN 8.1）。请使用 WSL2 加 tensorflow[and-cuda]，或使用 TensorFlow {last} 配合 CUDA 11.2。</translation>
    </message>
    <message>
        <source>The &apos;tensorflow&apos; package {tf} is the CPU-only build: before TensorFlow 2.1 the GPU build was the separate &apos;tensorflow-gpu&apos; package. Uninstall tensorflow and install tensorflow-gpu=={tf}.</source>
        <translation>“tensorflow” {tf} 这个包是仅 CPU 的版本：TensorFlow 2.1 之前，GPU 版是单独的 “tensorflow-gpu” 包。请卸载 tensorflow，然后安装 tensorflow-gpu=={tf}。</translation>
    </message>
    <message>
        <source>The NVIDIA driver supports CUDA up to {have}, but CUDA {need} is needed here. Update the NVIDIA driver (to {min_driver} or newer).</source>
        <translation>NVIDIA 驱动最高支持 CUDA {have}，但这里需要 CUDA {need}。请更新 NVIDIA 驱动（到 {min_driver} 或更新）。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} has no GPU code for compute capability {cc} ({gpu}). The last TensorFlow for this GPU is {last}.</source>
        <translation>TensorFlow {tf} 没有为计算能力 {cc}（{gpu}）编译的 GPU 代码。支持这块 GPU 的最后一个 TensorFlow 版本是 {last}。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} is built for CUDA {need}, but CUDA {installed} is installed. Each TensorFlow release loads only the CUDA version it was built with: install CUDA {need} (side by side is fine).</source>
        <translation>TensorFlow {tf} 是针对 CUDA {need} 构建的，但安装的是 CUDA {installed}。每个 TensorFlow 版本只加载它构建时所用的 CUDA 版本：请安装 CUDA {need}（可以与现有版本并存）。</translation>
    </message>
    <message>
        <source>CUDA {installed} is the version TensorFlow {tf} needs, yet TensorFlow finds no GPU: it does not see the CUDA and cuDNN libraries. Put their bin folders on PATH (LD_LIBRARY_PATH on Linux), then open a new terminal or restart.</source>
        <translation>CUDA {installed} 正是 TensorFlow {tf} 需要的版本，但 TensorFlow 仍找不到 GPU：它看不到 CUDA 和 cuDNN 库。请把它们的 bin 文件夹加入 PATH（Linux 上是 LD_LIBRARY_PATH），然后打开新的终端或重启。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} is built for cuDNN {need}, but cuDNN {installed} is installed. Install the cuDNN version this TensorFlow was built with.</source>
        <translation>TensorFlow {tf} 是针对 cuDNN {need} 构建的，但安装的是 cuDNN {installed}。请安装这个 TensorFlow 构建时所用的 cuDNN 版本。</translation>
    </message>
    <message>
        <source>cuDNN failed to start: TensorFlow {tf} is built for cuDNN {need}, but cuDNN {installed} is installed. Install the cuDNN version this TensorFlow was built with (on Linux, from TensorFlow 2.14, pip&apos;s tensorflow[and-cuda] brings it).</source>
        <translation>cuDNN 启动失败：TensorFlow {tf} 是针对 cuDNN {need} 构建的，但安装的是 cuDNN {installed}。请安装这个 TensorFlow 构建时所用的 cuDNN 版本（在 Linux 上，从 TensorFlow 2.14 起，pip 的 tensorflow[and-cuda] 会自带它）。</translation>
    </message>
    <message>
        <source>By your own words the CUDA libraries are not installed, and TensorFlow needs them to use the GPU. Install the CUDA and cuDNN versions your TensorFlow was built for (on Linux, from TensorFlow 2.14, pip install &apos;tensorflow[and-cuda]&apos; brings them).</source>
        <translation>按你自己的描述，CUDA 库没有安装，而 TensorFlow 需要它们才能使用 GPU。请安装你的 TensorFlow 构建时所用的 CUDA 和 cuDNN 版本（在 Linux 上，从 TensorFlow 2.14 起，pip install &apos;tensorflow[and-cuda]&apos; 会一并装好）。</translation>
    </message>
    <message>
        <source>pip finds no TensorFlow for Python {python} although TensorFlow publishes wheels for it: this Python is almost certainly the 32-bit build. Install the 64-bit Python.</source>
        <translation>TensorFlow 明明为 Python {python} 发布了安装包，pip 却找不到任何 TensorFlow：这个 Python 几乎可以肯定是 32 位版本。请安装 64 位的 Python。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} has no wheel for Python {python}. Use a Python version that TensorFlow {tf} supports (or a newer TensorFlow).</source>
        <translation>TensorFlow {tf} 没有适用于 Python {python} 的安装包。请使用 TensorFlow {tf} 支持的 Python 版本（或更新的 TensorFlow）。</translation>
    </message>
    <message>
        <source>TensorFlow is using the GPU (its memory is taken); a low utilisation figure is a matter of the workload or of the meter (Task Manager&apos;s default graphs do not show CUDA), not a setup problem. Use a larger batch, a faster input pipeline, or the TensorFlow profiler.</source>
        <translation>TensorFlow 正在使用 GPU（显存已被占用）；使用率低是工作负载或监测方式的问题（任务管理器的默认图表不显示 CUDA），而不是安装配置的问题。请增大 batch、加快输入管道，或使用 TensorFlow profiler。</translation>
    </message>
    <message>
        <source>TensorFlow does not use the GPU, and the text does not show why. Run the check below and paste its whole output (with TF_CPP_MIN_LOG_LEVEL=0 it names the library that fails to load).</source>
        <translation>TensorFlow 没有使用 GPU，而文本中看不出原因。请运行下面的检查并粘贴完整输出（设置 TF_CPP_MIN_LOG_LEVEL=0 后，它会指出加载失败的库）。</translation>
    </message>
    <message>
        <source>Importing TensorFlow fails, and the text does not show the error. Paste the whole traceback of &apos;python -c &quot;import tensorflow&quot;&apos;.</source>
        <translation>导入 TensorFlow 失败，但文本中没有错误信息。请粘贴 &apos;python -c &quot;import tensorflow&quot;&apos; 的完整 traceback。</translation>
    </message>
    <message>
        <source>Importing TensorFlow fails and the Microsoft Visual C++ runtime (msvcp140.dll) is what is missing: install the current Visual C++ Redistributable (x64), then open a new terminal.</source>
        <translation>导入 TensorFlow 失败，缺少的是 Microsoft Visual C++ 运行库（msvcp140.dll）：请安装最新的 Visual C++ Redistributable（x64），然后打开新的终端。</translation>
    </message>
    <message>
        <source>Both the CPU package &apos;tensorflow&apos; and &apos;tensorflow-gpu&apos; are installed; they overwrite each other&apos;s files and the CPU one can win. Uninstall both, then install only the GPU package.</source>
        <translation>CPU 版的 “tensorflow” 和 “tensorflow-gpu” 同时被安装；它们会互相覆盖文件，CPU 版可能占上风。请把两个都卸载，然后只安装 GPU 版。</translation>
    </message>
    <message>
        <source>A CPU-only TensorFlow (the CPU package, or a conda mkl/eigen build) replaced the GPU build. Uninstall it and install the GPU build again (pin it so updates keep it).</source>
        <translation>仅 CPU 的 TensorFlow（CPU 包，或 conda 的 mkl/eigen 构建）替换了 GPU 版。请卸载它并重新安装 GPU 版（固定版本，避免更新时再被替换）。</translation>
    </message>
    <message>
        <source>The tensorflow-gpu package was removed from PyPI (since 2.12 only an empty package that fails to install). Depend on &apos;tensorflow&apos; instead (tensorflow[and-cuda] on Linux and WSL2).</source>
        <translation>tensorflow-gpu 包已从 PyPI 移除（自 2.12 起只剩一个安装就会失败的空包）。请改为依赖 “tensorflow”（在 Linux 和 WSL2 上用 tensorflow[and-cuda]）。</translation>
    </message>
    <message>
        <source>This TensorFlow build does not support the GPU&apos;s compute capability, so TensorFlow ignores the GPU. Use a TensorFlow release built for this GPU (or build from source).</source>
        <translation>这个 TensorFlow 版本不支持这块 GPU 的计算能力，因此 TensorFlow 忽略了这块 GPU。请使用为这块 GPU 构建的 TensorFlow 版本（或从源码编译）。</translation>
    </message>
    <message>
        <source>The GPU runs out of memory. Use a smaller batch or model, enable memory growth, or close other programs that use the GPU.</source>
        <translation>GPU 显存不足。请减小 batch 或模型、启用显存按需增长，或关闭其他占用 GPU 的程序。</translation>
    </message>
    <message>
        <source>No NVIDIA driver is found. Install the NVIDIA driver for your GPU (on WSL2: on Windows), then restart.</source>
        <translation>找不到 NVIDIA 驱动。请为你的 GPU 安装 NVIDIA 驱动（WSL2 下在 Windows 上安装），然后重启。</translation>
    </message>
    <message>
        <source>Under Windows&apos; WDDM driver model NVIDIA&apos;s tools cannot see per-process GPU memory, so it shows as N/A. Nothing is wrong; Task Manager or Process Explorer show it.</source>
        <translation>在 Windows 的 WDDM 驱动模式下，NVIDIA 的工具看不到每个进程的显存占用，所以显示为 N/A。这并不是问题；任务管理器或 Process Explorer 可以显示它。</translation>
    </message>
    <message>
        <source>cuDNN is not installed (or not where TensorFlow looks). Install the cuDNN version this TensorFlow was built for.</source>
        <translation>cuDNN 没有安装（或不在 TensorFlow 查找的位置）。请安装这个 TensorFlow 构建时所用的 cuDNN 版本。</translation>
    </message>
    <message>
        <source>Training on several GPUs at once on Windows needs NCCL, which exists only on Linux: the frameworks&apos; Windows builds have none. Train on one GPU, use a strategy without NCCL (TensorFlow: HierarchicalCopyAllReduce), or use Linux or WSL2.</source>
        <translation>在 Windows 上同时用多块 GPU 训练需要 NCCL，而 NCCL 只在 Linux 上有：各框架的 Windows 版本都不带它。请只用一块 GPU 训练、使用不需要 NCCL 的策略（TensorFlow：HierarchicalCopyAllReduce），或改用 Linux 或 WSL2。</translation>
    </message>
    <message>
        <source>Distributed training hangs in its first collective step: the workers cannot reach each other (a firewall, a wrong network interface, or a port that no one listens on). Check that every worker reaches the others&apos; addresses and ports, and set NCCL_SOCKET_IFNAME to the interface they share.</source>
        <translation>分布式训练卡在第一次集合通信：各个 worker 互相连不上（防火墙、网卡选错，或某个端口没有进程监听）。请确认每个 worker 都能访问其他 worker 的地址和端口，并把 NCCL_SOCKET_IFNAME 设为它们共用的网卡。</translation>
    </message>
    <message>
        <source>This computer has no NVIDIA GPU (the text names only Intel, AMD or Apple graphics): CUDA, and so TensorFlow&apos;s GPU support, needs an NVIDIA card. TensorFlow runs on the CPU here; for GPU training use a machine or cloud instance with an NVIDIA GPU.</source>
        <translation>这台电脑没有 NVIDIA GPU（文本中只提到 Intel、AMD 或 Apple 的显卡）：CUDA 以及 TensorFlow 的 GPU 支持都需要 NVIDIA 显卡。这里 TensorFlow 只能在 CPU 上运行；要用 GPU 训练，请使用带 NVIDIA GPU 的电脑或云主机。</translation>
    </message>
    <message>
        <source>The installed PaddlePaddle is the CPU package (&apos;paddlepaddle&apos;): it never uses the GPU. Uninstall it and install &apos;paddlepaddle-gpu&apos; for your CUDA version.</source>
        <translation>安装的 PaddlePaddle 是 CPU 版（“paddlepaddle”）：它从不使用 GPU。请卸载它，并安装与你的 CUDA 版本对应的 “paddlepaddle-gpu”。</translation>
    </message>
    <message>
        <source>Nothing in the text shows a set-up problem: a GPU that is no faster than the CPU, or that runs out of memory only at a larger batch, is in use. Small models, small batches, the input pipeline and the first step&apos;s start-up keep it idle; measure with the TensorFlow profiler.</source>
        <translation>文本中看不出配置问题：GPU 不比 CPU 快，或者只在调大 batch 时显存不足，说明 GPU 正在被使用。小模型、小 batch、数据输入管道以及第一步的启动开销都会让它空闲；请用 TensorFlow Profiler 测量。</translation>
    </message>
    <message>
        <source>The text says the CUDA version does not match. Each TensorFlow release loads only the CUDA (and cuDNN) version it was built with; install that version (see the table).</source>
        <translation>文本中说 CUDA 版本不匹配。每个 TensorFlow 版本只加载它构建时所用的 CUDA（和 cuDNN）版本；请安装那个版本（见版本对照表）。</translation>
    </message>
    <message>
        <source>The text says the NVIDIA driver is too old. Each CUDA version needs a minimum driver: update the NVIDIA driver, then check with nvidia-smi which CUDA version it supports.</source>
        <translation>文中说 NVIDIA 驱动太旧。每个 CUDA 版本都要求最低的驱动版本：请更新 NVIDIA 驱动，然后用 nvidia-smi 查看它支持的 CUDA 版本。</translation>
    </message>
    <message>
        <source>The TensorFlow Serving model server installed with apt or pip is built without GPU support, so it runs on the CPU even where TensorFlow itself uses the GPU. Use the tensorflow/serving:latest-gpu Docker image, or build the server with --config=cuda.</source>
        <translation>用 apt 或 pip 安装的 TensorFlow Serving 模型服务器在构建时没有 GPU 支持，所以即使 TensorFlow 本身能用 GPU，它也只在 CPU 上运行。请使用 tensorflow/serving:latest-gpu Docker 镜像，或用 --config=cuda 自行构建服务器。</translation>
    </message>
    <message>
        <source>TensorFlow could not load a GPU library, but the program goes on and works: it runs on the CPU. That line is harmless if the CPU is what you want; to use a GPU, install the NVIDIA driver and the CUDA libraries this TensorFlow needs.</source>
        <translation>TensorFlow 无法加载某个 GPU 库，但程序继续正常运行：它在 CPU 上运行。如果你本来就想用 CPU，这一行无害；要使用 GPU，请安装 NVIDIA 驱动以及这个 TensorFlow 需要的 CUDA 库。</translation>
    </message>
    <message>
        <source>A TensorFlow add-on package (tensorflow-addons, -text, -io ...) was built for another TensorFlow version than the one installed, so its compiled ops fail to load. Install the add-on release made for your TensorFlow version, or the TensorFlow version it was made for.</source>
        <translation>某个 TensorFlow 附加包（tensorflow-addons、-text、-io 等）是为另一个 TensorFlow 版本构建的，与已安装的版本不符，所以它编译好的算子无法加载。请安装为你的 TensorFlow 版本发布的附加包，或安装它所对应的 TensorFlow 版本。</translation>
    </message>
    <message>
        <source>The installed Keras is from a newer release than the installed TensorFlow: it imports parts of TensorFlow that this TensorFlow does not have yet. Install the Keras release made for your TensorFlow (pip install &quot;keras==&lt;your TensorFlow&apos;s major.minor&gt;.*&quot;), or upgrade TensorFlow to match Keras.</source>
        <translation>已安装的 Keras 比已安装的 TensorFlow 版本新：它导入了这个 TensorFlow 还没有的部分。请安装与你的 TensorFlow 配套的 Keras 版本（pip install &quot;keras==&lt;你的 TensorFlow 主.次版本&gt;.*&quot;），或把 TensorFlow 升级到与 Keras 相符的版本。</translation>
    </message>
    <message>
        <source>The text says the cuDNN version is the wrong one. Each TensorFlow release is built for one cuDNN version; install that version (see the table), or the TensorFlow built for the cuDNN you have.</source>
        <translation>文中说 cuDNN 版本不对。每个 TensorFlow 版本都是针对某一个 cuDNN 版本构建的：请安装那个版本（见表），或安装针对你现有 cuDNN 构建的 TensorFlow。</translation>
    </message>
    <message>
        <source>This Windows build ({build}) is older than {minimum}, the first that gives WSL 2 access to the GPU. Update Windows (Windows 10 21H2 or Windows 11), update the NVIDIA driver on Windows, then run &apos;wsl --update&apos;.</source>
        <translation>这个 Windows 版本号（{build}）低于 {minimum}，而 {minimum} 是第一个让 WSL 2 能使用 GPU 的版本。请更新 Windows（Windows 10 21H2 或 Windows 11），在 Windows 上更新 NVIDIA 驱动，然后运行 &apos;wsl --update&apos;。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} does not find the CUDA and cuDNN libraries that pip install tensorflow[and-cuda] put under site-packages/nvidia. Add their lib folders to LD_LIBRARY_PATH (or upgrade to TensorFlow 2.17 or later, which finds them).</source>
        <translation>TensorFlow {tf} 找不到 pip install tensorflow[and-cuda] 装在 site-packages/nvidia 下的 CUDA 和 cuDNN 库。请把它们的 lib 文件夹加入 LD_LIBRARY_PATH（或升级到能自己找到它们的 TensorFlow 2.17 及以上）。</translation>
    </message>
    <message>
        <source>The {gpu} has compute capability {cc}, and no TensorFlow release you can install has GPU code for it, so TensorFlow runs on the CPU. Use a newer NVIDIA GPU, or build TensorFlow from source for this one.</source>
        <translation>{gpu} 的计算能力是 {cc}，目前能安装的 TensorFlow 版本都没有针对它的 GPU 代码，所以 TensorFlow 在 CPU 上运行。请换用更新的 NVIDIA GPU，或为这块显卡从源码构建 TensorFlow。</translation>
    </message>
    <message>
        <source>PyTorch reports no CUDA. On Windows, pip install torch installs the CPU-only build; install the CUDA build from PyTorch&apos;s own index (pip install torch --index-url https://download.pytorch.org/whl/cu121, with the CUDA version your driver supports).</source>
        <translation>PyTorch 报告没有 CUDA。在 Windows 上，pip install torch 安装的是仅 CPU 的版本；请从 PyTorch 自己的索引安装 CUDA 版本（pip install torch --index-url https://download.pytorch.org/whl/cu121，选用你的驱动支持的 CUDA 版本）。</translation>
    </message>
    <message>
        <source>nvidia-smi inside a container lists no processes even while the GPU works: the container has its own process namespace. Look at the GPU memory in use, or run nvidia-smi on the host (or start the container with --pid=host).</source>
        <translation>容器内的 nvidia-smi 即使在 GPU 正常工作时也不列出任何进程：容器有自己的进程命名空间。请查看已用的显存，或在宿主机上运行 nvidia-smi（或用 --pid=host 启动容器）。</translation>
    </message>
    <message>
        <source>The program found the GPU but its compute capability is below the lowest its CUDA build supports, so it falls back to the CPU. Use a newer NVIDIA GPU, or a build of the program made for this one.</source>
        <translation>程序找到了 GPU，但它的计算能力低于该程序的 CUDA 版本所支持的最低值，所以退回到 CPU。请换用更新的 NVIDIA GPU，或使用为这块显卡构建的程序版本。</translation>
    </message>
    <message>
        <source>PyTorch&apos;s CUDA works but counts no GPU. Usually CUDA_VISIBLE_DEVICES (set by you or in the script) names a GPU index this machine does not have, or is empty; unset it or set it to 0. On Colab or a cloud notebook, choose a GPU runtime.</source>
        <translation>PyTorch 的 CUDA 能工作，但一块 GPU 也没数到。通常是 CUDA_VISIBLE_DEVICES（你自己或脚本设置的）指向这台机器没有的 GPU 编号，或为空；请取消它或设为 0。在 Colab 或云端笔记本上，请选择 GPU 运行时。</translation>
    </message>
    <message>
        <source>This is WSL 1, which has no access to the GPU at all: only WSL 2 passes the Windows GPU through. Convert the distribution with &apos;wsl --set-version &lt;distro&gt; 2&apos; (after &apos;wsl --update&apos;), then install TensorFlow there.</source>
        <translation>这是 WSL 1，它完全无法访问 GPU：只有 WSL 2 会把 Windows 的 GPU 传进来。请先运行 &apos;wsl --update&apos;，再用 &apos;wsl --set-version &lt;distro&gt; 2&apos; 把发行版转换为 WSL 2，然后在其中安装 TensorFlow。</translation>
    </message>
    <message>
        <source>Ray gives each task or trial only the GPUs it asks for, and sets CUDA_VISIBLE_DEVICES to them: one that asks for none sees no GPU. Request them: a &apos;gpu&apos; entry in Tune&apos;s resources_per_trial, num_gpus=1 for a task or actor.</source>
        <translation>Ray 只把每个任务或试验自己申请的 GPU 分给它，并据此设置 CUDA_VISIBLE_DEVICES：没有申请的就看不到 GPU。请申请 GPU：在 Tune 的 resources_per_trial 里加上 &apos;gpu&apos;，任务或 actor 则用 num_gpus=1。</translation>
    </message>
    <message>
        <source>cuDNN&apos;s own library was found, but Windows could not load it (error 126): a DLL it needs is missing. cuDNN 8.3 to 8.9 need zlibwapi.dll, which cuDNN does not ship: put zlibwapi.dll (from NVIDIA&apos;s zlib package) into the CUDA bin folder, or use a cuDNN that does not need it.</source>
        <translation>找到了 cuDNN 自己的库，但 Windows 无法加载它（错误 126）：它需要的某个 DLL 缺失。cuDNN 8.3 到 8.9 需要 zlibwapi.dll，而 cuDNN 不附带它：请把 zlibwapi.dll（来自 NVIDIA 的 zlib 包）放进 CUDA 的 bin 文件夹，或使用不需要它的 cuDNN。</translation>
    </message>
    <message>
        <source>The {gpu} (compute capability {cc}) is newer than CUDA {cuda}: that CUDA&apos;s libraries have no code for it (CUDA {need} or later does). Use a TensorFlow built for CUDA {need} or later (for TensorFlow 1.x code: NVIDIA&apos;s nvidia-tensorflow 1.15 builds), or an older GPU.</source>
        <translation>{gpu}（计算能力 {cc}）比 CUDA {cuda} 更新：那个 CUDA 的库里没有为它编译的代码（CUDA {need} 及以上才有）。请使用针对 CUDA {need} 或更高版本构建的 TensorFlow（TensorFlow 1.x 代码可用 NVIDIA 的 nvidia-tensorflow 1.15 版本），或换用更老的 GPU。</translation>
    </message>
    <message>
        <source>The install times out or loses its connection: the network to the package index is slow or blocked, not the package. Retry with a longer timeout (pip --timeout 120), a nearer mirror (--index-url), or set the proxy.</source>
        <translation>安装超时或连接中断：问题在于到软件包索引的网络太慢或被阻断，而不是软件包本身。请加长超时重试（pip --timeout 120）、换用更近的镜像（--index-url），或设置代理。</translation>
    </message>
    <message>
        <source>You say this machine has no NVIDIA GPU it can use (a virtual machine under VirtualBox, VMware or Hyper-V passes none through), so CUDA finds no device and TensorFlow runs on the CPU. For GPU training use a computer or cloud instance with an NVIDIA GPU, or WSL2 / Linux on the computer that has it.</source>
        <translation>你说这台机器没有可用的 NVIDIA GPU（VirtualBox、VMware 或 Hyper-V 下的虚拟机不会把 GPU 交给虚拟机），所以 CUDA 找不到设备，TensorFlow 在 CPU 上运行。要用 GPU 训练，请使用带 NVIDIA GPU 的电脑或云实例，或在装有它的电脑上使用 WSL2 / Linux。</translation>
    </message>
    <message>
        <source>A 32-bit Python is named here. TensorFlow is published for 64-bit Python only, so pip finds no version at all. Install the 64-bit Python (x86-64) and install TensorFlow with it.</source>
        <translation>这里提到的是 32 位 Python。TensorFlow 只为 64 位 Python 发布，因此 pip 找不到任何版本。请安装 64 位 Python（x86-64），再用它安装 TensorFlow。</translation>
    </message>
    <message>
        <source>cuDNN&apos;s library is where you say it is, yet Windows cannot load it (error 126): a DLL it needs is missing. cuDNN 8.3 to 8.9 need zlibwapi.dll, which cuDNN does not ship: put zlibwapi.dll (from NVIDIA&apos;s zlib package) into the CUDA bin folder.</source>
        <translation>cuDNN 的库文件就在你说的位置，但 Windows 无法加载它（错误 126）：它依赖的某个 DLL 缺失。cuDNN 8.3 到 8.9 需要 zlibwapi.dll，而 cuDNN 不自带：请把 zlibwapi.dll（来自 NVIDIA 的 zlib 包）放进 CUDA 的 bin 文件夹。</translation>
    </message>
    <message>
        <source>You say it runs on the GPU, and nothing in the text fails: the GPU set-up works.</source>
        <translation>你说它在 GPU 上运行，文本中也没有任何失败：GPU 环境是正常的。</translation>
    </message>
    <message>
        <source>PyTorch sees the GPU but TensorFlow {tf} does not: the driver works. PyTorch brings its own CUDA libraries; this TensorFlow needs the CUDA and cuDNN it was built for, and they are not found. Install tensorflow[and-cuda] (TensorFlow 2.14 and later), or the CUDA and cuDNN versions its build names.</source>
        <translation>PyTorch 能看到 GPU，但 TensorFlow {tf} 看不到：驱动是正常的。PyTorch 自带 CUDA 库；这个 TensorFlow 需要它构建时对应的 CUDA 和 cuDNN，而它们没有找到。请安装 tensorflow[and-cuda]（TensorFlow 2.14 及以后），或安装其构建信息所列版本的 CUDA 和 cuDNN。</translation>
    </message>
    <message>
        <source>No wheel of this package is published for your Python version, so pip falls back to an older release or finds none. Use a Python version the release supports (its PyPI page lists the wheels).</source>
        <translation>这个包没有为你的 Python 版本发布 wheel，所以 pip 会退回到更旧的版本或什么也找不到。请使用该版本支持的 Python（PyPI 页面列出了各个 wheel）。</translation>
    </message>
    <message>
        <source>Only a few hundred MB of GPU memory are in use: TensorFlow is not running the model on the GPU (a process that only opened the GPU takes that much). Check that TensorFlow lists the GPU: the command below shows why it does not.</source>
        <translation>只用了几百 MB 显存：TensorFlow 并没有在 GPU 上运行模型（一个只打开了 GPU 的进程就会占用这么多）。请检查 TensorFlow 是否列出了 GPU：下面的命令会显示它为什么没有列出。</translation>
    </message>
    <message>
        <source>The model uses the channels-first (NCHW) layout, which TensorFlow&apos;s CPU kernels do not support: TensorFlow runs on the CPU, not the GPU. Install a GPU build and check that it lists the GPU (on a machine without an NVIDIA GPU, switch the model to channels-last, NHWC).</source>
        <translation>模型使用通道在前（NCHW）的数据布局，而 TensorFlow 的 CPU 内核不支持它：TensorFlow 在 CPU 上而不是 GPU 上运行。请安装 GPU 版本并确认它列出了 GPU（在没有 NVIDIA GPU 的机器上，请把模型改为通道在后，即 NHWC）。</translation>
    </message>
    <message>
        <source>This TensorFlow needs another Python version than the one in use (the message says which). Create an environment with a Python version that the TensorFlow release supports, and install it there.</source>
        <translation>这个 TensorFlow 需要的 Python 版本与当前使用的不同（提示信息里写明了是哪个）。请用该 TensorFlow 版本支持的 Python 创建一个环境，并在其中安装。</translation>
    </message>
    <message>
        <source>The container was started without GPU access: its docker run command has no --gpus (or --runtime=nvidia), so the host&apos;s NVIDIA driver libraries are not mounted into it and CUDA inside reports no driver, or one too old. Install the NVIDIA Container Toolkit on the host and start the container with --gpus all.</source>
        <translation>容器启动时没有获得 GPU 访问权限：它的 docker run 命令没有 --gpus（或 --runtime=nvidia），所以宿主机的 NVIDIA 驱动库没有挂载进容器，容器里的 CUDA 报告没有驱动或驱动太旧。请在宿主机上安装 NVIDIA Container Toolkit，并用 --gpus all 启动容器。</translation>
    </message>
    <message>
        <source>Building CUDA code found no CUDA toolkit: CUDA_HOME is not set and no nvcc is on PATH. Install the CUDA toolkit (the version your framework was built with) and set CUDA_HOME to its folder.</source>
        <translation>编译 CUDA 代码时找不到 CUDA 工具包：CUDA_HOME 没有设置，PATH 中也没有 nvcc。请安装 CUDA 工具包（与你的框架构建时所用的版本一致），并把 CUDA_HOME 设为它的安装目录。</translation>
    </message>
    <message>
        <source>PaddlePaddle loaded a cuDNN of another major version than the one it was built with. Install the cuDNN version of your PaddlePaddle build (its install page lists it), or the PaddlePaddle build for your cuDNN.</source>
        <translation>PaddlePaddle 加载的 cuDNN 与它构建时所用的主版本不同。请安装与你的 PaddlePaddle 版本对应的 cuDNN（安装页面列出了版本），或安装针对你现有 cuDNN 构建的 PaddlePaddle。</translation>
    </message>
    <message>
        <source>This Mac has an NVIDIA card, but TensorFlow&apos;s macOS packages are built without CUDA (the last with GPU support was TensorFlow 1.1), so TensorFlow runs on the CPU. For NVIDIA GPU training use Linux or WSL2 on a PC with the card; on a Mac, tensorflow-metal uses Apple and AMD GPUs instead.</source>
        <translation>这台 Mac 有 NVIDIA 显卡，但 TensorFlow 的 macOS 安装包不带 CUDA（最后一个支持 GPU 的是 TensorFlow 1.1），所以 TensorFlow 只在 CPU 上运行。要用 NVIDIA GPU 训练，请在装有该显卡的 PC 上使用 Linux 或 WSL2；在 Mac 上，tensorflow-metal 可以使用 Apple 和 AMD 的 GPU。</translation>
    </message>
    <message>
        <source>{package} publishes no pip packages for {platform}, so pip finds none (or only an empty placeholder that installs no module), whatever the Python version. Use it on Linux x86_64: under WSL2 on Windows, in Docker, or in Colab.</source>
        <translation>{package} 没有发布适用于 {platform} 的 pip 包，所以 pip 找不到它（或只装上一个不含模块的空占位包），与 Python 版本无关。请在 Linux x86_64 上使用它：Windows 上用 WSL2，或用 Docker、Colab。</translation>
    </message>
    <message>
        <source>TensorFlow imports in one Python but not in the notebook or IDE: its kernel runs another Python, which has no TensorFlow. Compare sys.executable in both; install TensorFlow into the kernel&apos;s Python (python -m pip install tensorflow, run with that python), or register your environment as a kernel.</source>
        <translation>TensorFlow 在一个 Python 里能导入，在 notebook 或 IDE 里却不能：它们的内核用的是另一个没有装 TensorFlow 的 Python。请在两边分别查看 sys.executable；把 TensorFlow 装进内核所用的 Python（用那个 python 运行 python -m pip install tensorflow），或把你的环境注册为内核。</translation>
    </message>
    <message>
        <source>This CPU has no AVX instructions, which prebuilt TensorFlow (1.6 and later) needs, with or without a GPU. A graphics card does not change that: use a build made without AVX, or a computer whose CPU has AVX.</source>
        <translation>这颗 CPU 不支持 AVX 指令，而预编译的 TensorFlow（1.6 及以后）无论是否使用 GPU 都需要它。加装显卡也改变不了这一点：请使用不依赖 AVX 的构建，或换一台 CPU 支持 AVX 的电脑。</translation>
    </message>
    <message>
        <source>This is a 32-bit Linux (i686): TensorFlow and PaddlePaddle publish 64-bit wheels only, so pip finds none. Install a 64-bit Linux (and a 64-bit Python).</source>
        <translation>这是 32 位 Linux（i686）：TensorFlow 和 PaddlePaddle 只发布 64 位的 wheel，所以 pip 一个也找不到。请安装 64 位 Linux（以及 64 位 Python）。</translation>
    </message>
    <message>
        <source>This Colab session has no GPU: it runs a CPU runtime, which has no NVIDIA GPU or driver. Choose Runtime &gt; Change runtime type &gt; GPU (a T4 on the free tier), then run the notebook again.</source>
        <translation>这个 Colab 会话没有 GPU：它运行的是 CPU 运行时，没有 NVIDIA GPU，也没有驱动。请选择“代码执行程序 &gt; 更改运行时类型 &gt; GPU”（免费版为 T4），然后重新运行笔记本。</translation>
    </message>
    <message>
        <source>This TensorFlow was built for NumPy 1.x and does not work with NumPy 2. Install numpy&lt;2 into the same environment, or upgrade to TensorFlow 2.18 or newer (the first built for NumPy 2).</source>
        <translation>这个 TensorFlow 是针对 NumPy 1.x 构建的，不能与 NumPy 2 一起使用。请在同一环境中安装 numpy&lt;2，或升级到 TensorFlow 2.18 及以上（第一个针对 NumPy 2 构建的版本）。</translation>
    </message>
    <message>
        <source>msvcp140.dll / vcruntime140.dll, the Microsoft Visual C++ runtime, is missing. Install the latest Visual C++ Redistributable for Visual Studio 2015-2022 (x64) and restart.</source>
        <translation>缺少 Microsoft Visual C++ 运行库 msvcp140.dll / vcruntime140.dll。请安装最新的 Visual Studio 2015-2022 Visual C++ 可再发行组件（x64），然后重启。</translation>
    </message>
    <message>
        <source>As you say, TensorFlow&apos;s GPU support on native Windows ended: TensorFlow {last} is the last release that uses the GPU there, later ones run on the CPU. Use WSL2 with tensorflow[and-cuda], or TensorFlow {last} with CUDA 11.2 and cuDNN 8.1.</source>
        <translation>正如你所说，TensorFlow 在原生 Windows 上的 GPU 支持已经结束：TensorFlow {last} 是在那里使用 GPU 的最后一个版本，之后的版本都在 CPU 上运行。请使用 WSL2 加 tensorflow[and-cuda]，或使用 TensorFlow {last} 搭配 CUDA 11.2 和 cuDNN 8.1。</translation>
    </message>
    <message>
        <source>pip finds no version of this package for an Apple-silicon Mac (macOS arm64): it publishes no wheel for it (tensorflow-cpu never did; tensorflow did only from 2.13, tensorflow-macos before). Install &apos;tensorflow&apos; 2.13 or later (with tensorflow-metal for the Mac&apos;s GPU), or tensorflow-macos for older code.</source>
        <translation>pip 在 Apple 芯片的 Mac（macOS arm64）上找不到这个包的任何版本：它没有为这种平台发布 wheel（tensorflow-cpu 从来没有；tensorflow 从 2.13 起才有，之前是 tensorflow-macos）。请安装 2.13 或更高版本的 &apos;tensorflow&apos;（要用 Mac 的 GPU 再加装 tensorflow-metal），旧代码可用 tensorflow-macos。</translation>
    </message>
    <message>
        <source>Inside WSL the GPU is not reachable: in WSL 2 the Windows NVIDIA driver provides it (through /dev/dxg and /usr/lib/wsl/lib). Install or update the NVIDIA driver on Windows, do not install a Linux driver inside WSL (remove one if you did), keep the GPU in WDDM mode, and run &apos;wsl --update&apos;.</source>
        <translation>在 WSL 里无法访问 GPU：WSL 2 中的 GPU 由 Windows 上的 NVIDIA 驱动提供（通过 /dev/dxg 和 /usr/lib/wsl/lib）。请在 Windows 上安装或更新 NVIDIA 驱动，不要在 WSL 里安装 Linux 驱动（装了就卸掉），让 GPU 保持 WDDM 模式，并运行 &apos;wsl --update&apos;。</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES is set (by you or in the script) to &quot;{cuda_visible_devices}&quot;: CUDA shows only the GPUs it names, and a machine without that index sees none. Unset it, or set it to an index this machine has (0 on a one-GPU machine).</source>
        <translation>CUDA_VISIBLE_DEVICES 被（你或脚本）设为 &quot;{cuda_visible_devices}&quot;：CUDA 只显示它列出的 GPU，没有这个编号的机器就一个也看不到。请取消这个设置，或设为本机存在的编号（单 GPU 机器为 0）。</translation>
    </message>
    <message>
        <source>pip finds no version of this package for this ARM (aarch64) Linux machine: PyPI has no GPU build for it (tensorflow-gpu never had one; tensorflow&apos;s aarch64 wheels are CPU-only). On a Jetson, install NVIDIA&apos;s TensorFlow build for your JetPack version instead.</source>
        <translation>pip 在这台 ARM（aarch64）Linux 机器上找不到这个包的任何版本：PyPI 没有为它发布 GPU 版（tensorflow-gpu 从来没有；tensorflow 的 aarch64 wheel 只支持 CPU）。在 Jetson 上，请改装 NVIDIA 为你的 JetPack 版本提供的 TensorFlow。</translation>
    </message>
    <message>
        <source>nvidia-docker refuses the image: it is built for a newer CUDA than the host&apos;s NVIDIA driver supports. Update the NVIDIA driver on the host, or use an image made for the CUDA version the driver supports (nvidia-smi shows it).</source>
        <translation>nvidia-docker 拒绝了这个镜像：它是为比主机 NVIDIA 驱动所支持的更新的 CUDA 构建的。请更新主机上的 NVIDIA 驱动，或使用为驱动所支持的 CUDA 版本制作的镜像（nvidia-smi 会显示该版本）。</translation>
    </message>
    <message>
        <source>JAX runs on the CPU while TensorFlow in the same environment uses the GPU: the driver and CUDA work, this jaxlib is a CPU-only build. Install the GPU build: pip install -U &quot;jax[cuda12]&quot;.</source>
        <translation>JAX 在 CPU 上运行，而同一环境中的 TensorFlow 在用 GPU：驱动和 CUDA 都正常，这个 jaxlib 是只支持 CPU 的版本。请安装 GPU 版：pip install -U &quot;jax[cuda12]&quot;。</translation>
    </message>
    <message>
        <source>JAX found no GPU and runs on the CPU: its jaxlib is a CPU-only build, or the CUDA libraries it needs are not found. Install the GPU build (pip install -U &quot;jax[cuda12]&quot;), which brings its CUDA libraries.</source>
        <translation>JAX 没有找到 GPU，正在 CPU 上运行：它的 jaxlib 是只支持 CPU 的版本，或者找不到它需要的 CUDA 库。请安装 GPU 版（pip install -U &quot;jax[cuda12]&quot;），它会带上所需的 CUDA 库。</translation>
    </message>
    <message>
        <source>The NVIDIA kernel module finds no NVIDIA GPU on this machine (&apos;could not insert nvidia: No such device&apos;): the computer or cloud instance type has none (or the OS does not see it). Use a machine or instance type with an NVIDIA GPU; on a cloud, check the instance type.</source>
        <translation>NVIDIA 内核模块在这台机器上找不到 NVIDIA GPU（&apos;could not insert nvidia: No such device&apos;）：这台电脑或云实例类型没有 GPU（或操作系统看不到它）。请使用带 NVIDIA GPU 的机器或实例类型；在云上请检查实例类型。</translation>
    </message>
    <message>
        <source>No: these lines are harmless notices (TensorRT, oneDNN, factory registration and the like), and nothing in the text shows TensorFlow without the GPU. To be sure, run &apos;tfgpu doctor&apos;, which lists the GPUs TensorFlow sees.</source>
        <translation>不会：这些行只是无害的提示（TensorRT、oneDNN、工厂注册之类），文本中没有任何内容表明 TensorFlow 用不了 GPU。若想确认，请运行 &apos;tfgpu doctor&apos;，它会列出 TensorFlow 看到的 GPU。</translation>
    </message>
    <message>
        <source>The HPC SDK&apos;s nvcc was asked for a CUDA version the SDK does not hold: the CUDA folder on PATH (or CUDA_HOME) is not one it installed. Put the installed CUDA&apos;s bin folder (under hpc_sdk/.../cuda/) first on PATH, or choose the version with -gpu=cudaX.Y.</source>
        <translation>HPC SDK 的 nvcc 被要求使用 SDK 中没有的 CUDA 版本：PATH（或 CUDA_HOME）里的 CUDA 文件夹不是它安装的那个。把已安装 CUDA 的 bin 文件夹（在 hpc_sdk/.../cuda/ 下）放到 PATH 最前面，或用 -gpu=cudaX.Y 选择版本。</translation>
    </message>
    <message>
        <source>jax and jaxlib come from different releases: the installed jaxlib (the compiled half, with its CUDA build) is older than this jax accepts. Install the two from one release (pip install -U &quot;jax[cuda12]&quot;, or matching versions of both).</source>
        <translation>jax 和 jaxlib 来自不同的版本：已安装的 jaxlib（编译的那一半，带有它的 CUDA 构建）比这个 jax 接受的旧。请安装同一版本的两者（pip install -U &quot;jax[cuda12]&quot;，或两者版本一致）。</translation>
    </message>
    <message>
        <source>A GPU kernel could not start (&apos;invalid device function&apos;): the program holds no kernel built for this GPU. It was built for another CUDA version or for other GPUs. Install the build made for your CUDA version (the one its documentation names) and your GPU.</source>
        <translation>GPU 内核无法启动（&apos;invalid device function&apos;）：程序中没有为这块 GPU 编译的内核。它是为另一个 CUDA 版本或其他 GPU 构建的。请安装为你的 CUDA 版本（其文档所列的版本）和你的 GPU 构建的版本。</translation>
    </message>
    <message>
        <source>TensorFlow found no usable cuDNN for this layer (&apos;Fail to find the dnn implementation&apos;): the cuDNN it found could not start, most often because it is another version than the one this TensorFlow was built with. Install the cuDNN version TensorFlow {tf} names (or pip&apos;s tensorflow[and-cuda]); if memory is short, turn on memory growth.</source>
        <translation>TensorFlow 找不到这一层可用的 cuDNN（&apos;Fail to find the dnn implementation&apos;）：它找到的 cuDNN 无法启动，最常见的原因是它的版本与这个 TensorFlow 构建时所用的版本不同。请安装 TensorFlow {tf} 要求的 cuDNN 版本（或使用 pip 的 tensorflow[and-cuda]）；如果显存不足，请开启显存按需增长（memory growth）。</translation>
    </message>
    <message>
        <source>FlashAttention needs an Ampere or newer NVIDIA GPU (compute capability 8.0 or higher), and this GPU is older. Turn flash attention off in the program&apos;s options (use its standard or SDPA attention), or use an Ampere or newer GPU.</source>
        <translation>FlashAttention 需要 Ampere 或更新架构的 NVIDIA GPU（计算能力 8.0 或更高），而这块 GPU 更旧。请在程序选项中关闭 flash attention（改用标准或 SDPA 注意力），或使用 Ampere 及更新的 GPU。</translation>
    </message>
    <message>
        <source>Colab gave this session no GPU: the free GPU quota is used up, or no GPU is free now. Wait and try again later (or use Colab Pro); until then the notebook runs without an accelerator.</source>
        <translation>Colab 没有给这个会话分配 GPU：免费的 GPU 配额已用完，或者现在没有空闲的 GPU。请稍后再试（或使用 Colab Pro）；在此之前笔记本只能在没有加速器的情况下运行。</translation>
    </message>
    <message>
        <source>The GPU is working. Windows Task Manager&apos;s GPU graphs show the 3D, copy and video engines by default; CUDA work shows under &apos;Compute_0&apos; or &apos;Cuda&apos; (pick it from a graph&apos;s drop-down list), and GPU-Z or nvidia-smi show it too. Those show the GPU busy.</source>
        <translation>GPU 正在工作。Windows 任务管理器的 GPU 图表默认只显示 3D、复制和视频引擎；CUDA 计算显示在“Compute_0”或“Cuda”下（可在图表的下拉列表中选择），GPU-Z 和 nvidia-smi 也能看到。它们显示 GPU 正忙。</translation>
    </message>
    <message>
        <source>pip says {package} needs NumPy {wanted}, but NumPy {have} is installed. Install the NumPy it names into the same environment (pip install &quot;numpy{wanted}&quot;).</source>
        <translation>pip 提示 {package} 需要 NumPy {wanted}，但安装的是 NumPy {have}。请把它要求的 NumPy 装进同一个环境（pip install &quot;numpy{wanted}&quot;）。</translation>
    </message>
    <message>
        <source>This TensorFlow does not work with the installed NumPy ({line}). Install the NumPy version the TensorFlow release pins (pip show tensorflow lists it: numpy&lt;1.20 for TensorFlow 2.4, numpy&lt;2 up to 2.17), in the same environment.</source>
        <translation>这个 TensorFlow 与已安装的 NumPy 不兼容（{line}）。请在同一环境中安装该 TensorFlow 版本固定的 NumPy 版本（pip show tensorflow 会列出：TensorFlow 2.4 需要 numpy&lt;1.20，2.17 及以前需要 numpy&lt;2）。</translation>
    </message>
    <message>
        <source>A compiled package in this environment was built against another NumPy than the installed one ({line}). Install the NumPy version your packages were built for (pip install --upgrade numpy, or the version TensorFlow pins), or reinstall the package that fails, in the same environment.</source>
        <translation>这个环境里有一个已编译的包是针对另一个 NumPy 版本构建的，与已安装的不同（{line}）。请在同一环境中安装这些包所需的 NumPy 版本（pip install --upgrade numpy，或 TensorFlow 指定的版本），或重新安装出错的那个包。</translation>
    </message>
    <message>
        <source>TensorFlow (or a library it loads) uses a NumPy API that the installed NumPy no longer has. Install the NumPy version this TensorFlow was built for (&quot;numpy&lt;1.24&quot; for TensorFlow up to 2.11, &quot;numpy&lt;2&quot; up to 2.17), in the same environment.</source>
        <translation>TensorFlow（或它加载的库）用到了已安装的 NumPy 中不再提供的 API。请在同一环境中安装这个 TensorFlow 所针对的 NumPy 版本（TensorFlow 2.11 及以前用 &quot;numpy&lt;1.24&quot;，2.17 及以前用 &quot;numpy&lt;2&quot;）。</translation>
    </message>
    <message>
        <source>This TensorFlow was compiled against NumPy 1.x and cannot run with NumPy {numpy}. Install &quot;numpy&lt;2&quot; into the same environment, or upgrade to TensorFlow 2.18 or later (built for NumPy 2).</source>
        <translation>这个 TensorFlow 是针对 NumPy 1.x 编译的，无法与 NumPy {numpy} 一起运行。请在同一环境中安装 &quot;numpy&lt;2&quot;，或升级到 TensorFlow 2.18 及以后（针对 NumPy 2 构建）。</translation>
    </message>
    <message>
        <source>pip could not write one of TensorFlow&apos;s deeply nested files: Windows limits paths to 260 characters unless long paths are enabled. Enable long paths (administrator), then run pip again.</source>
        <translation>pip 无法写入 TensorFlow 中一个层级很深的文件：除非启用长路径，Windows 把路径限制在 260 个字符以内。请启用长路径（需要管理员权限），然后重新运行 pip。</translation>
    </message>
    <message>
        <source>A server could not start because its port is already in use: another process (a leftover worker, or a second task on the same host given the same port) listens on it. Stop that process, or give each task its own port in the cluster spec (TF_CONFIG).</source>
        <translation>服务器无法启动，因为它的端口已被占用：另一个进程（残留的 worker，或同一主机上分配了相同端口的另一个任务）正在监听该端口。请停止那个进程，或在集群配置（TF_CONFIG）中为每个任务分配不同的端口。</translation>
    </message>
    <message>
        <source>The multi-GPU strategy uses NCCL all-reduce, which is not available here (TensorFlow has no NCCL on Windows). Pass another cross-device op, e.g. tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce()).</source>
        <translation>多 GPU 策略使用了 NCCL all-reduce，而这里无法使用（TensorFlow 在 Windows 上没有 NCCL）。请改用其他跨设备操作，例如 tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())。</translation>
    </message>
    <message>
        <source>The container image needs CUDA {cuda}, which the host&apos;s NVIDIA driver does not support. Update the host driver to {need} or newer, or use an image built for an older CUDA.</source>
        <translation>容器镜像需要 CUDA {cuda}，而宿主机的 NVIDIA 驱动不支持。请把宿主机驱动更新到 {need} 或更新，或使用基于较旧 CUDA 的镜像。</translation>
    </message>
    <message>
        <source>The container image needs CUDA {cuda}, which the host&apos;s NVIDIA driver does not support. Update the host driver, or use an image built for an older CUDA.</source>
        <translation>容器镜像需要 CUDA {cuda}，而宿主机的 NVIDIA 驱动不支持。请更新宿主机驱动，或使用基于较旧 CUDA 的镜像。</translation>
    </message>
    <message>
        <source>No Kubernetes node offers a free nvidia.com/gpu: the NVIDIA device plugin is not running on the GPU nodes (or their container runtime is not set up for NVIDIA), or every GPU is taken. Check &apos;kubectl describe node&apos; for nvidia.com/gpu under Capacity.</source>
        <translation>没有任何 Kubernetes 节点提供空闲的 nvidia.com/gpu：GPU 节点上没有运行 NVIDIA device plugin（或其容器运行时未配置 NVIDIA 支持），或所有 GPU 都已被占用。请用 “kubectl describe node” 查看 Capacity 中的 nvidia.com/gpu。</translation>
    </message>
    <message>
        <source>XLA&apos;s warning that ptxas {found} is older than {need} is wrong: {found} is newer (this TensorFlow compared the versions as text). Nothing to fix.</source>
        <translation>XLA 说 ptxas {found} 比 {need} 旧，这是误报：{found} 其实更新（这个 TensorFlow 按文本比较版本号）。无需处理。</translation>
    </message>
    <message>
        <source>XLA uses ptxas {found}, older than the {need} it trusts: it may miscompile. Put the ptxas of TensorFlow&apos;s own CUDA version first on PATH (or install the nvidia-cuda-nvcc package).</source>
        <translation>XLA 使用的 ptxas {found} 比它信任的 {need} 旧：可能产生错误的编译结果。请把 TensorFlow 所用 CUDA 版本的 ptxas 放在 PATH 最前面（或安装 nvidia-cuda-nvcc 包）。</translation>
    </message>
    <message>
        <source>No NVIDIA driver is found on this system. Install the NVIDIA driver for your GPU (on WSL 2: on Windows), then restart.</source>
        <translation>这台系统上找不到 NVIDIA 驱动。请为你的 GPU 安装 NVIDIA 驱动（WSL 2 下在 Windows 上安装），然后重启。</translation>
    </message>
    <message>
        <source>The container image&apos;s start-up banner says it sees no NVIDIA driver, but under WSL 2 its check cannot see the driver: with --gpus given the GPU still works. Check with nvidia-smi inside the container.</source>
        <translation>容器镜像的启动提示说它看不到 NVIDIA 驱动，但在 WSL 2 下它的检查本来就看不到驱动：只要加了 --gpus，GPU 仍然可用。请在容器里运行 nvidia-smi 确认。</translation>
    </message>
    <message>
        <source>Inside the container no NVIDIA driver is visible: it was started without GPU access. Install the NVIDIA Container Toolkit on the host and start the container with --gpus all (Kubernetes: request nvidia.com/gpu in the pod&apos;s resource limits).</source>
        <translation>容器内看不到 NVIDIA 驱动：它启动时没有获得 GPU 访问权限。请在宿主机上安装 NVIDIA Container Toolkit，并用 --gpus all 启动容器（Kubernetes：在 pod 的 resources limits 中申请 nvidia.com/gpu）。</translation>
    </message>
    <message>
        <source>Both onnxruntime (the CPU package) and onnxruntime-gpu are installed: they provide the same module, so the one installed last wins and the CUDA provider can go missing. Uninstall both, then install onnxruntime-gpu alone.</source>
        <translation>onnxruntime（CPU 包）和 onnxruntime-gpu 同时安装了：它们提供同一个模块，最后安装的那个会覆盖另一个，CUDA provider 可能因此消失。请把两个都卸载，然后只安装 onnxruntime-gpu。</translation>
    </message>
    <message>
        <source>The installed framework is its CPU-only build, so it cannot use the GPU. Uninstall it and install its GPU (CUDA) build for your CUDA version.</source>
        <translation>安装的框架是仅 CPU 的版本，所以无法使用 GPU。请卸载它，并安装与你的 CUDA 版本对应的 GPU（CUDA）版本。</translation>
    </message>
    <message>
        <source>The framework was built for {what} {need}, but {what} {have} is installed. Install the {what} version it was built for (or the framework&apos;s build for {what} {have}).</source>
        <translation>这个框架是针对 {what} {need} 构建的，但安装的是 {what} {have}。请安装它构建时所用的 {what} 版本（或安装该框架针对 {what} {have} 的版本）。</translation>
    </message>
    <message>
        <source>The CUDA toolkit&apos;s nvcc does not know this GPU&apos;s architecture ({arch}): the toolkit is older than the GPU. Build with a CUDA toolkit that supports it (compute_86: CUDA 11.1 or later, compute_89: 11.8, compute_120: 12.8), or leave that architecture out of the build&apos;s list.</source>
        <translation>CUDA 工具包的 nvcc 不认识这块 GPU 的架构（{arch}）：工具包比 GPU 更旧。请用支持它的 CUDA 工具包构建（compute_86 需要 CUDA 11.1 及以上，compute_89 需要 11.8，compute_120 需要 12.8），或把该架构从构建列表中去掉。</translation>
    </message>
    <message>
        <source>Inside WSL the container runtime finds no GPU adapter: this is WSL 1 (convert it with &apos;wsl --set-version &lt;distro&gt; 2&apos;), the Windows NVIDIA driver has no WSL support (update it), or the computer has no NVIDIA GPU.</source>
        <translation>WSL 中的容器运行时找不到 GPU 适配器：这是 WSL 1（用 “wsl --set-version &lt;distro&gt; 2” 转换）、Windows 上的 NVIDIA 驱动不支持 WSL（请更新），或者这台电脑没有 NVIDIA GPU。</translation>
    </message>
    <message>
        <source>The framework&apos;s build has no GPU code for this GPU&apos;s architecture (compute capability {cc}): the GPU is newer (or older) than the architectures it was compiled for. Install a build made for this GPU (for the newest GPUs: the build for the newest CUDA).</source>
        <translation>这个框架的构建中没有适用于这块 GPU 架构（计算能力 {cc}）的 GPU 代码：这块 GPU 比它编译时支持的架构更新（或更旧）。请安装为这块 GPU 构建的版本（最新的 GPU：选用最新 CUDA 的版本）。</translation>
    </message>
    <message>
        <source>The NVIDIA driver supports CUDA up to {cuda}, older than the CUDA the framework was built with. Update the NVIDIA driver (or install the framework&apos;s build for CUDA {cuda}).</source>
        <translation>NVIDIA 驱动最高只支持 CUDA {cuda}，比这个框架构建时用的 CUDA 旧。请更新 NVIDIA 驱动（或安装该框架针对 CUDA {cuda} 的版本）。</translation>
    </message>
    <message>
        <source>Importing TensorFlow fails inside protobuf: the installed protobuf does not match the one this TensorFlow was built with. Install the protobuf version TensorFlow pins (pip install &quot;protobuf&lt;4&quot; for TensorFlow up to 2.11; see pip show tensorflow&apos;s Requires), in the same environment.</source>
        <translation>导入 TensorFlow 时在 protobuf 中失败：安装的 protobuf 与这个 TensorFlow 构建时所用的不匹配。请在同一环境中安装 TensorFlow 要求的 protobuf 版本（TensorFlow 2.11 及以前用 pip install &quot;protobuf&lt;4&quot;；详见 pip show tensorflow 的 Requires）。</translation>
    </message>
    <message>
        <source>XLA could not use ptxas (it failed, or is a release with a known bug): install the ptxas of TensorFlow&apos;s own CUDA version (the nvidia-cuda-nvcc package TensorFlow pins, or a newer CUDA toolkit) and put it first on PATH.</source>
        <translation>XLA 无法使用 ptxas（运行失败，或是已知有缺陷的版本）：请安装与 TensorFlow 自身 CUDA 版本对应的 ptxas（TensorFlow 指定的 nvidia-cuda-nvcc 包，或更新的 CUDA 工具包），并把它放在 PATH 最前面。</translation>
    </message>
    <message>
        <source>The container lost its access to the GPU (NVML: Unknown Error), typically after the host&apos;s systemd reloaded its cgroups. Recreate the container, and configure the NVIDIA Container Toolkit&apos;s cgroup workaround so it does not happen again.</source>
        <translation>容器失去了对 GPU 的访问（NVML: Unknown Error），通常是宿主机的 systemd 重新加载了 cgroup 之后。请重新创建容器，并配置 NVIDIA Container Toolkit 的 cgroup 规避方法，避免再次发生。</translation>
    </message>
    <message>
        <source>The container image does not support this GPU: its CUDA and framework builds are older (or newer) than the GPU&apos;s architecture. Use a release of the image made for this GPU (for a new GPU: one built with a CUDA that supports it).</source>
        <translation>这个容器镜像不支持这块 GPU：镜像里的 CUDA 和框架构建比 GPU 架构更旧（或更新）。请使用为这块 GPU 制作的镜像版本（新 GPU 需要用支持它的 CUDA 构建的镜像）。</translation>
    </message>
    <message>
        <source>The package has no prebuilt binary for this platform ({system}), so its installer stops or falls back to a source build. Use a platform and version it publishes binaries for (x86-64 Linux, Windows or macOS), or build it from source.</source>
        <translation>这个包没有适用于此平台（{system}）的预编译二进制文件，所以安装程序会停止或改为从源码构建。请使用它发布了二进制文件的平台和版本（x86-64 Linux、Windows 或 macOS），或从源码构建。</translation>
    </message>
    <message>
        <source>The installer found no package file for this platform ({line}): that package, or that version, is not published for this operating system, CPU or Python. Use a version published for this platform (or another platform, e.g. Linux or WSL 2 for CUDA packages).</source>
        <translation>安装程序找不到适用于此平台的包文件（{line}）：这个包或这个版本没有为当前操作系统、CPU 或 Python 发布。请使用为此平台发布的版本（或换一个平台，例如 CUDA 相关的包可用 Linux 或 WSL 2）。</translation>
    </message>
    <message>
        <source>The program refuses this GPU: its compute capability is below the minimum its build supports (it falls back to the CPU). Use an older release built for this GPU, build it from source for this compute capability, or use a newer GPU.</source>
        <translation>程序拒绝使用这块 GPU：它的计算能力低于该程序构建所支持的最低要求（于是退回 CPU）。请使用为这块 GPU 构建的旧版本、针对这个计算能力从源码编译，或换用更新的 GPU。</translation>
    </message>
    <message>
        <source>CUDA error 35 (cudaErrorInsufficientDriver): the NVIDIA driver is older than the CUDA runtime the program was built with. Update the NVIDIA driver, or install the program&apos;s build for an older CUDA.</source>
        <translation>CUDA 错误 35（cudaErrorInsufficientDriver）：NVIDIA 驱动比程序构建时所用的 CUDA 运行时旧。请更新 NVIDIA 驱动，或安装该程序针对较旧 CUDA 的版本。</translation>
    </message>
    <message>
        <source>nvcc reports CUDA {nvcc}, but CUDA {installed} is the one installed: another toolkit comes first on PATH (or CUDA_PATH still names it). Put the new toolkit&apos;s bin folder first on PATH (and set CUDA_PATH to it), or remove the old toolkit.</source>
        <translation>nvcc 报告的是 CUDA {nvcc}，但安装的是 CUDA {installed}：PATH 中另一个工具包排在前面（或 CUDA_PATH 仍指向它）。把新工具包的 bin 文件夹放到 PATH 最前面（并把 CUDA_PATH 设为它），或卸载旧的工具包。</translation>
    </message>
    <message>
        <source>NVIDIA GPUs with CUDA are supported on Windows and Linux only.</source>
        <translation>只有 Windows 和 Linux 支持带 CUDA 的 NVIDIA GPU。</translation>
    </message>
    <message>
        <source>No NVIDIA graphics card on this computer (graphics adapters found: {names}). TensorFlow can only use the CPU here.</source>
        <translation>这台电脑没有 NVIDIA 显卡（找到的显卡：{names}）。在这里 TensorFlow 只能使用 CPU。</translation>
    </message>
    <message>
        <source>Could not read the PCI bus (no /sys/bus/pci, no lspci).</source>
        <translation>无法读取 PCI 总线（没有 /sys/bus/pci，也没有 lspci）。</translation>
    </message>
    <message>
        <source>Install NumPy 1.x into the same environment (TensorFlow before 2.18 is built for it):</source>
        <translation>在同一环境中安装 NumPy 1.x（TensorFlow 2.18 之前的版本是针对它构建的）：</translation>
    </message>
    <message>
        <source>Or upgrade TensorFlow to 2.18 or later, which is built for NumPy 2:</source>
        <translation>或者把 TensorFlow 升级到 2.18 及以后（针对 NumPy 2 构建）：</translation>
    </message>
    <message>
        <source>Enable long paths in an administrator PowerShell (a system setting; new programs see it at once):</source>
        <translation>在管理员 PowerShell 中启用长路径（系统设置；新启动的程序立即生效）：</translation>
    </message>
    <message>
        <source>Then run the pip install again, in a new terminal.</source>
        <translation>然后在新的终端中重新运行 pip install。</translation>
    </message>
    <message>
        <source>Or create the virtual environment in a short folder (e.g. C:\tf) so the paths stay under 260 characters.</source>
        <translation>或者把虚拟环境建在较短的文件夹里（例如 C:\tf），让路径保持在 260 个字符以内。</translation>
    </message>
    <message>
        <source>Prebuilt TensorFlow (1.6 and later) needs a CPU with AVX. Use a computer with a newer CPU, or a cloud machine (e.g. Google Colab).</source>
        <translation>预编译的 TensorFlow（1.6 及以后）需要支持 AVX 的 CPU。请使用 CPU 更新的电脑，或云端机器（例如 Google Colab）。</translation>
    </message>
    <message>
        <source>Or build TensorFlow from source for this CPU, or use TensorFlow 1.5 (the last prebuilt release without AVX, for Python 3.6 and older).</source>
        <translation>或者为这颗 CPU 从源码编译 TensorFlow，或使用 TensorFlow 1.5（最后一个不需要 AVX 的预编译版本，适用于 Python 3.6 及更旧版本）。</translation>
    </message>
    <message>
        <source>Give the strategy an all-reduce that does not need NCCL:</source>
        <translation>为分布式策略指定一个不需要 NCCL 的 all-reduce：</translation>
    </message>
    <message>
        <source>See which process listens on the port (the OwningProcess column), then stop it:</source>
        <translation>查看是哪个进程在监听该端口（OwningProcess 列），然后停止它：</translation>
    </message>
    <message>
        <source>See which process listens on the port, then stop it (or give this task another port):</source>
        <translation>查看是哪个进程在监听该端口，然后停止它（或给这个任务换一个端口）：</translation>
    </message>
    <message>
        <source>In a cluster, give every task on one host its own port in TF_CONFIG.</source>
        <translation>在集群中，请在 TF_CONFIG 里为同一主机上的每个任务分配各自的端口。</translation>
    </message>
    <message>
        <source>CUDA folder as given: {folder}</source>
        <translation>指定的 CUDA 文件夹：{folder}</translation>
    </message>
    <message>
        <source>cuDNN folder as given: {folder}</source>
        <translation>指定的 cuDNN 文件夹：{folder}</translation>
    </message>
    <message>
        <source>No scan and no CUDA folder: name one with --cuda DIR.</source>
        <translation>没有扫描结果，也没有指定 CUDA 文件夹：请用 --cuda DIR 指定。</translation>
    </message>
    <message>
        <source>This TensorFlow brings its own CUDA libraries ({wheels}): it needs no LD_LIBRARY_PATH, and a toolkit&apos;s folders there can make it load the wrong ones. Name a folder with --cuda DIR only if you really want that.</source>
        <translation>这个 TensorFlow 自带 CUDA 库（{wheels}）：它不需要 LD_LIBRARY_PATH，把工具包的文件夹加进去反而可能让它加载错误的库。只有确实需要时，才用 --cuda DIR 指定文件夹。</translation>
    </message>
    <message>
        <source>CUDA {version} in {folder}: the version this TensorFlow was built for</source>
        <translation>{folder} 中的 CUDA {version}：此 TensorFlow 构建时所用的版本</translation>
    </message>
    <message>
        <source>CUDA {version} in {folder}: the only toolkit installed</source>
        <translation>{folder} 中的 CUDA {version}：唯一安装的工具包</translation>
    </message>
    <message>
        <source>No CUDA toolkit was found. Install the one your TensorFlow needs first, or name its folder with --cuda DIR.</source>
        <translation>没有找到 CUDA 工具包。请先安装你的 TensorFlow 需要的版本，或用 --cuda DIR 指定其文件夹。</translation>
    </message>
    <message>
        <source>No installed CUDA toolkit matches this TensorFlow, which needs CUDA {needed} (installed: {found}). Install CUDA {needed}, or name a folder with --cuda DIR.</source>
        <translation>已安装的 CUDA 工具包都与这个 TensorFlow 不匹配，它需要 CUDA {needed}（已安装：{found}）。请安装 CUDA {needed}，或用 --cuda DIR 指定文件夹。</translation>
    </message>
    <message>
        <source>Several CUDA toolkits are installed ({found}) and none is known to match this TensorFlow: choose one with --cuda DIR.</source>
        <translation>安装了多个 CUDA 工具包（{found}），但不知道哪个与此 TensorFlow 匹配：请用 --cuda DIR 选择一个。</translation>
    </message>
    <message>
        <source>cuDNN {version} lies in the CUDA folder ({folder})</source>
        <translation>cuDNN {version} 位于 CUDA 文件夹中（{folder}）</translation>
    </message>
    <message>
        <source>cuDNN {version} in {folder}</source>
        <translation>{folder} 中的 cuDNN {version}</translation>
    </message>
    <message>
        <source>TensorFlow fixes its GPU memory settings the first time it touches the GPU (the first tensor, model or device list). Set them before that, at the very top of your program; afterwards TensorFlow refuses with &quot;Physical devices cannot be modified after being initialized&quot;. An environment variable works only when it is set before Python starts.</source>
        <translation>TensorFlow 在第一次使用 GPU 时（第一个张量、模型或设备列表）就固定了显存设置。请在此之前、在程序的最开头设置；之后再设置，TensorFlow 会报错“Physical devices cannot be modified after being initialized”。环境变量只有在 Python 启动之前设置才有效。</translation>
    </message>
    <message>
        <source>Memory growth</source>
        <translation>显存按需增长</translation>
    </message>
    <message>
        <source>TensorFlow takes GPU memory as it needs it instead of nearly all of it at the start. Use it when several programs (or notebooks) share one GPU, or when the GPU also drives your screen.</source>
        <translation>TensorFlow 按需申请显存，而不是一开始就占用几乎全部显存。适用于多个程序（或 notebook）共用一块 GPU，或 GPU 同时驱动显示器的情况。</translation>
    </message>
    <message>
        <source>A memory limit</source>
        <translation>显存上限</translation>
    </message>
    <message>
        <source>TensorFlow may use at most this many MiB of the GPU. Use it to leave a known amount free for something else. Set in code only.</source>
        <translation>TensorFlow 最多只能使用这么多 MiB 的显存。可为其他程序留出确定数量的显存。只能在代码中设置。</translation>
    </message>
    <message>
        <source>Visible GPUs</source>
        <translation>可见的 GPU</translation>
    </message>
    <message>
        <source>TensorFlow sees only the GPUs you list (by number, from 0). Use it to keep a run on one GPU of several.</source>
        <translation>TensorFlow 只能看到你列出的 GPU（按编号，从 0 开始）。可让任务只在多块 GPU 中的一块上运行。</translation>
    </message>
    <message>
        <source>The asynchronous allocator</source>
        <translation>异步分配器</translation>
    </message>
    <message>
        <source>CUDA&apos;s own stream-ordered allocator (cuda_malloc_async) instead of TensorFlow&apos;s: it can fragment memory less, so a model that almost fits may fit.</source>
        <translation>使用 CUDA 自带的流序分配器（cuda_malloc_async）代替 TensorFlow 的分配器：显存碎片可能更少，差一点放不下的模型也许就能放下。</translation>
    </message>
    <message>
        <source>Set a GPU memory option</source>
        <translation>设置显存选项</translation>
    </message>
    <message>
        <source>This setting cannot be made: {error}</source>
        <translation>无法进行此设置：{error}</translation>
    </message>
    <message>
        <source>Set {name}={value}</source>
        <translation>设置 {name}={value}</translation>
    </message>
    <message>
        <source>On Linux the user environment is your shell profile: use --target profile.</source>
        <translation>在 Linux 上，用户环境就是你的 shell 配置文件：请使用 --target profile。</translation>
    </message>
    <message>
        <source>The registry could not be read: {error}</source>
        <translation>无法读取注册表：{error}</translation>
    </message>
    <message>
        <source>Remove {name}={value}, set earlier (--replace)</source>
        <translation>移除之前设置的 {name}={value}（--replace）</translation>
    </message>
    <message>
        <source>Keep {name}={value}, set earlier (--replace removes it)</source>
        <translation>保留之前设置的 {name}={value}（--replace 会移除它）</translation>
    </message>
    <message>
        <source>Nothing to change: it is set already.</source>
        <translation>无需更改：已经设置好了。</translation>
    </message>
    <message>
        <source>It applies to programs started after this (open a new terminal, restart Jupyter).</source>
        <translation>它对此后启动的程序生效（打开新的终端，重启 Jupyter）。</translation>
    </message>
    <message>
        <source>empty entry</source>
        <translation>空条目</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>moved</source>
        <translation>已移动</translation>
    </message>
    <message>
        <source>Put the CUDA and cuDNN folders on the search path</source>
        <translation>把 CUDA 和 cuDNN 文件夹加入搜索路径</translation>
    </message>
    <message>
        <source>Windows has no shell profile for this: use the user environment (--target user).</source>
        <translation>Windows 上没有对应的 shell 配置文件：请使用用户环境（--target user）。</translation>
    </message>
    <message>
        <source>{folder} does not exist, so it is left out.</source>
        <translation>{folder} 不存在，因此不添加。</translation>
    </message>
    <message>
        <source>None of the folders to add exists: check the CUDA folder.</source>
        <translation>要添加的文件夹都不存在：请检查 CUDA 文件夹。</translation>
    </message>
    <message>
        <source>Your user Path has the registry type {kind}, not text: it is left alone.</source>
        <translation>你的用户 Path 的注册表类型是 {kind}，不是文本：不做改动。</translation>
    </message>
    <message>
        <source>This folder cannot go on PATH: {error}</source>
        <translation>此文件夹不能加入 PATH：{error}</translation>
    </message>
    <message>
        <source>The new user Path would be {length} characters, more than the {limit} Windows allows. Nothing was changed: remove entries you no longer need (dead ones are listed) and plan again.</source>
        <translation>新的用户 Path 将有 {length} 个字符，超过 Windows 允许的 {limit} 个。没有做任何更改：请删除不再需要的条目（已列出失效的条目），然后重新规划。</translation>
    </message>
    <message>
        <source>dead: no such folder</source>
        <translation>失效：文件夹不存在</translation>
    </message>
    <message>
        <source>Your user PATH ({type})</source>
        <translation>你的用户 PATH（{type}）</translation>
    </message>
    <message>
        <source>Programs started from now on see the change; terminals and editors already open keep the old PATH until you restart them.</source>
        <translation>此后启动的程序会看到更改；已打开的终端和编辑器在重启前仍使用旧的 PATH。</translation>
    </message>
    <message>
        <source>Another CUDA ({conflict}) comes first on the system PATH, which is read before yours. In a PowerShell opened as administrator, this saves the system environment to a file, then puts the folders ahead of it (your user PATH alone cannot):</source>
        <translation>另一个 CUDA（{conflict}）在系统 PATH 中排在前面，而系统 PATH 先于你的用户 PATH 被读取。请在以管理员身份打开的 PowerShell 中运行下面的命令：它先把系统环境保存到文件，再把这些文件夹放到它前面（仅靠用户 PATH 做不到）：</translation>
    </message>
    <message>
        <source>This folder cannot go on {variable}: {error}</source>
        <translation>此文件夹不能加入 {variable}：{error}</translation>
    </message>
    <message>
        <source>{variable} in a new shell</source>
        <translation>新 shell 中的 {variable}</translation>
    </message>
    <message>
        <source>No machine to read the files from.</source>
        <translation>没有可读取文件的机器。</translation>
    </message>
    <message>
        <source>The library path is set when you activate the environment; it stays set after `deactivate` until the shell ends.</source>
        <translation>库路径在激活环境时设置；执行 `deactivate` 后仍保持，直到该 shell 结束。</translation>
    </message>
    <message>
        <source>New terminals read it; log out and in again for programs started from the desktop.</source>
        <translation>新终端会读取它；对从桌面启动的程序，请注销后重新登录。</translation>
    </message>
    <message>
        <source>Add {folder}</source>
        <translation>添加 {folder}</translation>
    </message>
    <message>
        <source>Move {folder} ahead of {conflict} (another toolkit)</source>
        <translation>把 {folder} 移到 {conflict}（另一个工具包）之前</translation>
    </message>
    <message>
        <source>Move {folder} to the front</source>
        <translation>把 {folder} 移到最前面</translation>
    </message>
    <message>
        <source>Set {name} to {value} (was: {old})</source>
        <translation>把 {name} 设为 {value}（原来：{old}）</translation>
    </message>
    <message>
        <source>Dead entries (kept, no such folder): {entries}</source>
        <translation>失效的条目（保留，文件夹不存在）：{entries}</translation>
    </message>
    <message>
        <source>Duplicate entries (kept): {entries}</source>
        <translation>重复的条目（保留）：{entries}</translation>
    </message>
    <message>
        <source>Nothing to change: the folders are already in place.</source>
        <translation>无需更改：这些文件夹已经就位。</translation>
    </message>
    <message>
        <source>{file} is not a regular file, so it is left alone.</source>
        <translation>{file} 不是普通文件，因此不做改动。</translation>
    </message>
    <message>
        <source>{file} is too large to be a settings file.</source>
        <translation>{file} 太大，不可能是设置文件。</translation>
    </message>
    <message>
        <source>{file} cannot be read: {error}</source>
        <translation>无法读取 {file}：{error}</translation>
    </message>
    <message>
        <source>Choose the Python environment (--env PY) first.</source>
        <translation>请先选择 Python 环境（--env PY）。</translation>
    </message>
    <message>
        <source>This value cannot be written safely here: {error}</source>
        <translation>这个值无法安全地写在这里：{error}</translation>
    </message>
    <message>
        <source>Unknown target {target}.</source>
        <translation>未知的目标 {target}。</translation>
    </message>
    <message>
        <source>{folder} is not a venv (it has no pyvenv.cfg).</source>
        <translation>{folder} 不是 venv（没有 pyvenv.cfg）。</translation>
    </message>
    <message>
        <source>{folder} has no activate script.</source>
        <translation>{folder} 没有激活脚本。</translation>
    </message>
    <message>
        <source>{folder} is not a conda environment (no conda-meta).</source>
        <translation>{folder} 不是 conda 环境（没有 conda-meta）。</translation>
    </message>
    <message>
        <source>{file} is not valid JSON, so it is left alone: {error}</source>
        <translation>{file} 不是有效的 JSON，因此不做改动：{error}</translation>
    </message>
    <message>
        <source>{file} is not in the format conda writes.</source>
        <translation>{file} 不是 conda 写入的格式。</translation>
    </message>
    <message>
        <source>Memory copy inside the GPU, {mib} MiB</source>
        <translation>GPU 内部的内存复制，{mib} MiB</translation>
    </message>
    <message>
        <source>Memory copy from the computer to the GPU, {mib} MiB</source>
        <translation>从电脑内存复制到 GPU，{mib} MiB</translation>
    </message>
    <message>
        <source>Memory copy from the GPU to the computer, {mib} MiB</source>
        <translation>从 GPU 复制到电脑内存，{mib} MiB</translation>
    </message>
    <message>
        <source>Matrix multiply, {n}×{n} numbers, {dtype}</source>
        <translation>矩阵乘法，{n}×{n} 个数，{dtype}</translation>
    </message>
    <message>
        <source>Convolution, {channels} channels, {hw}×{hw} image, batch {batch} ({kernel}×{kernel} filter, {dtype})</source>
        <translation>卷积，{channels} 个通道，{hw}×{hw} 图像，批大小 {batch}（{kernel}×{kernel} 卷积核，{dtype}）</translation>
    </message>
    <message>
        <source>Convolution, {cin} to {cout} channels, {hw}×{hw} image, batch {batch} ({kernel}×{kernel} filter, {dtype})</source>
        <translation>卷积，{cin} 到 {cout} 个通道，{hw}×{hw} 图像，批大小 {batch}（{kernel}×{kernel} 卷积核，{dtype}）</translation>
    </message>
    <message>
        <source>Training a small image model, batch {batch}, mixed precision</source>
        <translation>训练一个小型图像模型，批大小 {batch}，混合精度</translation>
    </message>
    <message>
        <source>Training a small image model, batch {batch}, {dtype}</source>
        <translation>训练一个小型图像模型，批大小 {batch}，{dtype}</translation>
    </message>
    <message>
        <source>Training step compiled with XLA, batch {batch}</source>
        <translation>用 XLA 编译的训练步骤，批大小 {batch}</translation>
    </message>
    <message>
        <source>Training step without XLA, batch {batch}</source>
        <translation>不用 XLA 的训练步骤，批大小 {batch}</translation>
    </message>
    <message>
        <source>Test {name}</source>
        <translation>测试 {name}</translation>
    </message>
    <message>
        <source>Done when Re-check no longer reports “{title}”.</source>
        <translation>完成标志：重新检查不再报告“{title}”。</translation>
    </message>
    <message>
        <source>Done when TensorFlow lists your GPU: Re-check then says “GPU ready: yes”.</source>
        <translation>完成标志：TensorFlow 能列出你的 GPU，重新检查后显示“GPU 可用：是”。</translation>
    </message>
    <message>
        <source>Done when the NVIDIA driver answers: nvidia-smi shows your GPU.</source>
        <translation>完成标志：NVIDIA 驱动有响应，nvidia-smi 能显示你的 GPU。</translation>
    </message>
    <message>
        <source>Done when Windows lists a WSL 2 distribution (wsl -l -v shows VERSION 2).</source>
        <translation>完成标志：Windows 列出一个 WSL 2 发行版（wsl -l -v 显示 VERSION 为 2）。</translation>
    </message>
    <message>
        <source>Done when the check inside WSL prints a list with a GPU in it (this app on Windows cannot look inside WSL).</source>
        <translation>完成标志：在 WSL 里运行的检查命令打印出包含 GPU 的列表（Windows 上的本应用看不到 WSL 内部）。</translation>
    </message>
    <message>
        <source>Done when the Benchmark page shows your figures.</source>
        <translation>完成标志：“性能测试”页面显示出你的测试数据。</translation>
    </message>
    <message>
        <source>Done when TensorFlow imports in this environment: Re-check shows its version.</source>
        <translation>完成标志：TensorFlow 能在这个环境中导入，重新检查会显示它的版本。</translation>
    </message>
    <message>
        <source>Done on that computer: tfgpu there says “GPU ready: yes”.</source>
        <translation>在那台电脑上完成：那里的 tfgpu 显示“GPU 就绪：是”。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} runs on the CPU here. Measure how fast it is.</source>
        <translation>TensorFlow {tf} 在这里用 CPU 运行。测一测有多快。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} in {python} already uses your GPU: use that environment.</source>
        <translation>{python} 中的 TensorFlow {tf} 已经能使用你的 GPU：请使用那个环境。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} uses your GPU in {python}. Measure how fast it is.</source>
        <translation>{python} 中的 TensorFlow {tf} 能使用你的 GPU。测一测有多快。</translation>
    </message>
    <message>
        <source>Measure how fast TensorFlow runs on the CPU here.</source>
        <translation>测一测 TensorFlow 在这台电脑的 CPU 上有多快。</translation>
    </message>
    <message>
        <source>Not needed for your route: {why}.</source>
        <translation>你的路线不需要：{why}。</translation>
    </message>
    <message>
        <source>without an NVIDIA GPU, TensorFlow runs on the CPU</source>
        <translation>没有 NVIDIA GPU，TensorFlow 在 CPU 上运行</translation>
    </message>
    <message>
        <source>conda installs CUDA and cuDNN into the environment</source>
        <translation>conda 会把 CUDA 和 cuDNN 装进环境里</translation>
    </message>
    <message>
        <source>TensorFlow in WSL2 brings its own CUDA and cuDNN</source>
        <translation>WSL2 里的 TensorFlow 自带 CUDA 和 cuDNN</translation>
    </message>
    <message>
        <source>pip installs CUDA and cuDNN together with TensorFlow</source>
        <translation>pip 会和 TensorFlow 一起安装 CUDA 和 cuDNN</translation>
    </message>
    <message>
        <source>No Model.fit and no step markers were found, so the trace could not be cut into steps: wrap each training step in a Trace marker (the figures below are over the whole {seconds} traced).</source>
        <translation>没有找到 Model.fit，也没有步骤标记，因此无法把跟踪记录切分成一步一步：请用 Trace 标记包住每个训练步骤（下面的数字是整段 {seconds} 跟踪时间的统计）。</translation>
    </message>
    <message>
        <source>Your {device} waited for data {share} of each step: add .prefetch(tf.data.AUTOTUNE) at the end of your pipeline and num_parallel_calls=tf.data.AUTOTUNE to your map, and .cache() after the map if the data fits in memory.</source>
        <translation>你的 {device} 每一步有 {share} 的时间在等待数据：在数据流水线末尾加上 .prefetch(tf.data.AUTOTUNE)，给 map 加上 num_parallel_calls=tf.data.AUTOTUNE；如果数据能放进内存，在 map 之后加上 .cache()。</translation>
    </message>
    <message>
        <source>If the data comes from many files, read several at once with interleave(..., num_parallel_calls=tf.data.AUTOTUNE) (input wait: {share} of each step).</source>
        <translation>如果数据来自很多文件，用 interleave(..., num_parallel_calls=tf.data.AUTOTUNE) 同时读取多个文件（输入等待：每一步的 {share}）。</translation>
    </message>
    <message>
        <source>Heavy preprocessing (resizing, augmentation) can move into the model as Keras preprocessing layers, where it runs on the {device} (input wait: {share} of each step).</source>
        <translation>繁重的预处理（缩放、数据增强）可以作为 Keras 预处理层放进模型里，在 {device} 上运行（输入等待：每一步的 {share}）。</translation>
    </message>
    <message>
        <source>Copies between the host and the GPU took {share} of each step: keep tensors on the GPU, prefetch batches to the device, and avoid .numpy() inside the training loop.</source>
        <translation>主机与 GPU 之间的拷贝占了每一步的 {share}：让张量留在 GPU 上，把批数据预取到设备上，并避免在训练循环里调用 .numpy()。</translation>
    </message>
    <message>
        <source>The {device} sat idle {share} of each step (kernel launches, Python between ops) and a step takes {step_ms}: use a larger batch, steps_per_execution in compile(), and jit_compile=True.</source>
        <translation>{device} 每一步有 {share} 的时间处于空闲（内核启动、算子之间的 Python 代码），每一步耗时 {step_ms}：请使用更大的批大小，在 compile() 中设置 steps_per_execution，并设置 jit_compile=True。</translation>
    </message>
    <message>
        <source>Compiling took {share} of the traced steps: batches whose shape changes are compiled again; give every batch the same shape (drop_remainder=True, fixed padding).</source>
        <translation>编译占了被跟踪步骤的 {share}：形状变化的批数据会被重新编译；请让每个批的形状相同（drop_remainder=True，固定长度填充）。</translation>
    </message>
    <message>
        <source>TensorFlow warned {count} time(s) that a tf.function was traced again: pass tensors rather than Python numbers, give an input_signature, or use reduce_retracing=True.</source>
        <translation>TensorFlow 警告了 {count} 次 tf.function 被重新追踪：请传入张量而不是 Python 数字，指定 input_signature，或使用 reduce_retracing=True。</translation>
    </message>
    <message>
        <source>{count} op(s) ran on the CPU although the GPU was used, e.g. {names} ({share} of the time): they have no GPU kernel for their dtype; move them into the input pipeline or change the dtype. Log where each op runs to find them.</source>
        <translation>虽然使用了 GPU，仍有 {count} 个算子在 CPU 上运行，例如 {names}（占时间的 {share}）：它们的数据类型没有 GPU 内核；请把它们移到输入流水线中，或者改用其他数据类型。记录每个算子的运行位置即可找到它们。</translation>
    </message>
    <message>
        <source>Your model trains in float32 on a {gpu}, which has tensor cores: mixed precision (float16 compute, float32 weights) makes training faster and uses less memory.</source>
        <translation>你的模型在 {gpu} 上用 float32 训练，而这块 GPU 有张量核心：混合精度（float16 计算、float32 权重）能让训练更快并节省显存。</translation>
    </message>
    <message>
        <source>Your model trains in float32 on a {gpu}, which has tensor cores: in your benchmark this GPU trained {speedup} faster with mixed precision.</source>
        <translation>你的模型在 {gpu} 上用 float32 训练，而这块 GPU 有张量核心：在你的性能测试中，这块 GPU 使用混合精度训练快了 {speedup}。</translation>
    </message>
    <message>
        <source>GPU memory reached {share} of {total} during training: let TensorFlow grow its memory as needed, or set a limit, so other programs and larger batches still fit (see the GPU memory page).</source>
        <translation>训练时显存用到了 {total} 中的 {share}：让 TensorFlow 按需增长显存，或设置上限，以便其他程序和更大的批数据仍能放得下（见“GPU 显存”页面）。</translation>
    </message>
    <message>
        <source>The {device} computed {share} of each step: the pipeline keeps up. To go faster still: XLA (jit_compile=True), mixed precision on a GPU with tensor cores, or a faster device.</source>
        <translation>{device} 在每一步中有 {share} 的时间在计算：数据流水线跟得上。想更快的话：XLA（jit_compile=True）、在有张量核心的 GPU 上使用混合精度，或者换更快的设备。</translation>
    </message>
    <message>
        <source>The installed PyTorch is its CPU-only build ({torch}), so the extensions built for CUDA cannot load. Install PyTorch&apos;s CUDA build (from the index for your CUDA version, e.g. cu121).</source>
        <translation>已安装的 PyTorch 是仅 CPU 的版本（{torch}），所以为 CUDA 构建的扩展无法加载。请安装 PyTorch 的 CUDA 版本（从对应你 CUDA 版本的索引安装，例如 cu121）。</translation>
    </message>
    <message>
        <source>A PyTorch extension and PyTorch disagree about CUDA ({need} against {have}): it was built for, or is building with, another CUDA than the installed PyTorch&apos;s. Install the extension&apos;s build for this PyTorch, or a CUDA toolkit (and PyTorch) of one version.</source>
        <translation>一个 PyTorch 扩展与 PyTorch 的 CUDA 版本不一致（{need} 对 {have}）：它是针对（或正在用）与已安装 PyTorch 不同的 CUDA 构建的。请安装该扩展针对当前 PyTorch 的构建，或让 CUDA 工具包（以及 PyTorch）使用同一版本。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is older than the CUDA the framework was built with. Update the NVIDIA driver (or install the framework&apos;s build for an older CUDA).</source>
        <translation>NVIDIA 驱动比框架构建时所用的 CUDA 更旧。请更新 NVIDIA 驱动（或安装该框架针对更旧 CUDA 的构建）。</translation>
    </message>
</context>
</TS>
